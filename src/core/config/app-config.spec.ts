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
