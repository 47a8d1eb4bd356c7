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

describe('loadConfig: file storage', () => {
  const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'lots', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };

  it('is local disk under STORAGE_DIR by default', () => {
    expect(loadConfig({}, '/srv/app').storage).toEqual({ driver: 'local', dir: '/srv/app/.data/files' });
  });

  it('reads the S3 variables when STORAGE_DRIVER is s3', () => {
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'eu-west-1' }).storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'lots',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    // AWS itself, with the SDK's own credentials (instance role).
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'lots' }).storage).toEqual({
      driver: 's3',
      endpoint: undefined,
      bucket: 'lots',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE_DRIVER: 'gcs' }, 'Invalid configuration: STORAGE_DRIVER must be one of local, s3 (got "gcs")'],
    [{ STORAGE_DRIVER: 's3' }, 'Invalid configuration: S3_BUCKET must be set when STORAGE_DRIVER is s3'],
    [
      { ...s3, S3_BUCKET: 'Lots_2' },
      'Invalid configuration: S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and dashes) (got "Lots_2")',
    ],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'Invalid configuration: S3_ENDPOINT must be a URL (http or https) (got "minio:9000")'],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'maybe' }, 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "maybe")'],
    [
      { ...s3, S3_SECRET_ACCESS_KEY: '' },
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset)',
    ],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(new ConfigError(message));
  });
});
