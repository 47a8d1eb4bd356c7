import { loadConfig } from './app-config';
import { ConfigError } from './env-schema';

describe('loadConfig', () => {
  it('applies defaults with an empty environment', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.port).toBe(3000);
    expect(c.role).toBe('all');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.embeddedPg.dir).toBe('/srv/app/.data/postgres');
    expect(c.cookieSecure).toBe(false);
    expect(c.corsOrigins).toEqual([]);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer between 1 and 65535/],
    [{ APP_ROLE: 'cron' }, /APP_ROLE must be one of all, api, worker/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a URL/],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL must be a URL/],
    [{ RUN_MIGRATIONS: 'maybe' }, /RUN_MIGRATIONS must be true or false/],
    [{ NODE_ENV: 'production' }, /FILE_URL_SECRET must be set in production/],
  ])('fails fast naming the variable for %j', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it('makes cookies secure in production by default', () => {
    expect(loadConfig({ NODE_ENV: 'production', FILE_URL_SECRET: 's' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', FILE_URL_SECRET: 's', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });
});

describe('loadConfig: broadcast and analytics providers', () => {
  it('has no provider by default', () => {
    const c = loadConfig({});
    expect(c.broadcast).toEqual({ provider: 'none' });
    expect(c.analytics).toEqual({ provider: 'none' });
  });

  it('fails fast naming the missing variables of a chosen provider', () => {
    expect(() => loadConfig({ BROADCAST_PROVIDER: 'millicast', MILLICAST_API_SECRET: 's' })).toThrow(
      'Invalid configuration: MILLICAST_ACCOUNT_ID must be set when BROADCAST_PROVIDER is millicast',
    );
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'domo' })).toThrow(
      'Invalid configuration: DOMO_CLIENT_ID, DOMO_CLIENT_SECRET, DOMO_EMBED_ID must be set when ANALYTICS_PROVIDER is domo',
    );
    expect(() => loadConfig({ BROADCAST_PROVIDER: 'wowza' })).toThrow(/BROADCAST_PROVIDER must be one of none, millicast/);
  });

  it('reads a configured provider', () => {
    const c = loadConfig({
      BROADCAST_PROVIDER: 'millicast',
      MILLICAST_API_SECRET: 'secret',
      MILLICAST_ACCOUNT_ID: 'acct',
      MILLICAST_API_URL: 'http://127.0.0.1:9/',
      ANALYTICS_PROVIDER: 'domo',
      DOMO_CLIENT_ID: 'id',
      DOMO_CLIENT_SECRET: 'cs',
      DOMO_EMBED_ID: 'e1',
    });
    expect(c.broadcast).toEqual({
      provider: 'millicast',
      apiUrl: 'http://127.0.0.1:9',
      apiSecret: 'secret',
      accountId: 'acct',
      viewerUrl: 'https://viewer.millicast.com',
    });
    expect(c.analytics).toMatchObject({
      provider: 'domo',
      apiUrl: 'https://api.domo.com',
      embedId: 'e1',
      embedUrl: 'https://public.domo.com/embed/pages',
    });
  });
});
