import { createHmac } from 'node:crypto';
import * as path from 'node:path';
import { bool, ConfigError, int, oneOf, readVar, str, url, VarSpec } from './env-schema';

export type AppRole = 'all' | 'api' | 'worker';

/** Every environment variable the product reads. README's configuration table mirrors this list. */
export const ENV_VARS = {
  NODE_ENV: { parse: oneOf('development', 'production', 'test'), default: 'development', doc: 'Runtime mode.' },
  PORT: { parse: int(1, 65535), default: 3000, doc: 'HTTP port.' },
  HOST: { parse: str(), default: '0.0.0.0', doc: 'HTTP bind address.' },
  APP_ROLE: {
    parse: oneOf('all', 'api', 'worker'),
    default: 'all',
    doc: '`all` serves HTTP and runs jobs and schedules; `api` only HTTP; `worker` only jobs and schedules.',
  },
  DATABASE_URL: {
    parse: url('postgres', 'postgresql'),
    doc: 'PostgreSQL URL. Unset: an embedded PostgreSQL is started under EMBEDDED_PG_DIR.',
  },
  EMBEDDED_PG_DIR: { parse: str(), default: '.data/postgres', doc: 'Data folder of the embedded PostgreSQL.' },
  EMBEDDED_PG_PORT: { parse: int(1024, 65535), default: 5488, doc: 'Port of the embedded PostgreSQL (127.0.0.1 only).' },
  REDIS_URL: {
    parse: url('redis', 'rediss'),
    doc: 'Redis URL for the job queues. Unset: Redis on 127.0.0.1:6379 if it answers, else jobs run in-process.',
  },
  QUEUE_PREFIX: { parse: str(), default: 'ar', doc: 'Prefix of the Redis keys of the queues.' },
  JOB_CONCURRENCY: { parse: int(1, 64), default: 2, doc: 'Jobs processed at once per queue and process.' },
  JOB_LOCK_SECONDS: {
    parse: int(2, 3600),
    default: 30,
    doc: 'Bull: a job whose worker stopped renewing its lock this long is redelivered (checked as often).',
  },
  SESSION_TTL_HOURS: { parse: int(1, 24 * 30), default: 12, doc: 'Staff sessions end after this many idle hours.' },
  SESSION_MAX_HOURS: {
    parse: int(1, 24 * 90),
    default: 24,
    doc: 'Staff sessions end this many hours after sign-in however active (absolute lifetime).',
  },
  SESSION_CACHE_SECONDS: {
    parse: int(0, 300),
    default: 30,
    doc: 'Seconds a resolved session is reused in-process; logout, purge and user changes end it at once on every instance (PostgreSQL LISTEN/NOTIFY). 0: off.',
  },
  COOKIE_SECURE: {
    parse: oneOf('auto', 'true', 'false'),
    default: 'auto',
    doc: '`auto`: Secure cookies in production only. Secure session cookies are named `__Host-ar_session`.',
  },
  LOGIN_MAX_FAILURES: {
    parse: int(1, 1000),
    default: 5,
    doc: 'Failed sign-ins per house and user name within the window before sign-in is refused.',
  },
  LOGIN_WINDOW_MINUTES: { parse: int(1, 1440), default: 15, doc: 'Window of the sign-in rate limit.' },
  BODY_LIMIT: { parse: str(), default: '1mb', doc: 'Largest JSON or form body accepted.' },
  CORS_ORIGINS: { parse: str(), default: '', doc: 'Comma-separated origins allowed to call the API from a browser (none by default).' },
  LOG_LEVEL: {
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    default: 'info',
    doc: 'Log level (JSON logs on stdout).',
  },
  DEMO_DATA: { parse: oneOf('auto', 'off'), default: 'auto', doc: '`auto`: load the demo data on first start into an empty database.' },
  SMTP_URL: { parse: url('smtp', 'smtps'), doc: 'SMTP server for outgoing mail. Unset: mail stays in the outbox.' },
  MAIL_FROM: { parse: str(), default: 'Auction Back Office <no-reply@localhost>', doc: 'Default sender of outgoing mail.' },
  STORAGE_DRIVER: {
    parse: oneOf('local', 's3'),
    default: 'local',
    doc: 'Where files live. `local`: folders under STORAGE_DIR; `s3`: an S3-compatible bucket (S3_BUCKET and the S3_ variables).',
  },
  STORAGE_DIR: { parse: str(), default: '.data/files', doc: 'Folder of the local file storage.' },
  S3_ENDPOINT: {
    parse: url('http', 'https'),
    doc: 'S3-compatible endpoint (`https://minio.example:9000`). Unset: AWS S3 of S3_REGION. Browsers PUT images to it directly.',
  },
  S3_BUCKET: { parse: s3Bucket, doc: 'Bucket of the S3 storage (must exist). Required when STORAGE_DRIVER is s3.' },
  S3_REGION: { parse: str(), default: 'us-east-1', doc: 'Region of the S3 storage (signs requests).' },
  S3_ACCESS_KEY_ID: {
    parse: str(),
    doc: "S3 access key id. Unset with its secret: the AWS SDK's default credentials (instance role, profile).",
  },
  S3_SECRET_ACCESS_KEY: { parse: str(), doc: 'S3 secret access key; set together with S3_ACCESS_KEY_ID.' },
  S3_FORCE_PATH_STYLE: {
    parse: bool(),
    default: false,
    doc: 'Address the bucket as `{endpoint}/{bucket}/key` instead of `{bucket}.{endpoint}/key` (MinIO, most self-hosted stores).',
  },
  FILE_URL_SECRET: { parse: str(), doc: 'Secret that signs file URLs. Required in production.' },
  PUBLIC_URL: {
    parse: url('http', 'https'),
    doc: 'Address staff reach this server at (`https://backoffice.example`): the base of links sent by mail (password reset). Unset: `http://localhost:PORT`.',
  },
  RESET_LINK_SECRET: {
    parse: str(),
    doc: 'Secret that signs password-reset links. Unset: derived from FILE_URL_SECRET (docs/decisions/password-reset.md).',
  },
  RESET_LINK_MINUTES: { parse: int(5, 1440), default: 60, doc: 'Minutes a password-reset link stays valid (each link works once).' },
  INVITE_LINK_HOURS: {
    parse: int(1, 336),
    default: 72,
    doc: 'Hours the set-password link mailed to a new staff user stays valid (the password-reset link, once).',
  },
  RUN_MIGRATIONS: { parse: bool(), default: true, doc: 'Apply pending migrations at start (under an advisory lock).' },
  PAYMENT_GATEWAY: {
    parse: oneOf('sandbox'),
    default: 'sandbox',
    doc: 'Card and ACH processor. `sandbox`: the built-in test processor with its own ledger (docs/decisions/payments-gateway.md).',
  },
  SANDBOX_GATEWAY_LATENCY_MS: { parse: int(0, 60000), default: 0, doc: 'Sandbox gateway: milliseconds added to every call.' },
  SANDBOX_GATEWAY_FAULT: {
    parse: sandboxFault,
    default: 'none',
    doc: 'Sandbox gateway fault injection: `none`, `error_before_charge` (5xx, nothing charged) or `timeout_after_charge` (charged, no answer), optionally with a rate, e.g. `timeout_after_charge:0.1`.',
  },
  AUTO_CHARGE_MAX_ATTEMPTS: {
    parse: int(1, 10),
    default: 3,
    doc: 'Auto-charge: how many times a scheduled charge of an invoice is tried (a declined one again after 24 hours).',
  },
  BROADCAST_PROVIDER: {
    parse: oneOf('none', 'millicast'),
    default: 'none',
    doc: 'Video broadcast streaming provider. `none`: the broadcast page says it cannot fetch a publish token; `millicast` needs MILLICAST_API_SECRET and MILLICAST_ACCOUNT_ID.',
  },
  MILLICAST_API_URL: {
    parse: url('http', 'https'),
    default: 'https://api.millicast.com',
    doc: 'Millicast REST API base (publish tokens).',
  },
  MILLICAST_API_SECRET: { parse: str(), doc: 'Millicast API secret (Bearer) that creates publish tokens.' },
  MILLICAST_ACCOUNT_ID: { parse: str(), doc: "Millicast account id: the viewer link of a session's stream." },
  MILLICAST_VIEWER_URL: {
    parse: url('http', 'https'),
    default: 'https://viewer.millicast.com',
    doc: "Millicast viewer page: the broadcast page's preview link (`?streamId={account}/{stream}`).",
  },
  ANALYTICS_PROVIDER: {
    parse: oneOf('none', 'domo'),
    default: 'none',
    doc: 'Analytics dashboard provider. `none`: the dashboard page says it is not set up; `domo` needs DOMO_CLIENT_ID, DOMO_CLIENT_SECRET and DOMO_EMBED_ID.',
  },
  DOMO_API_URL: { parse: url('http', 'https'), default: 'https://api.domo.com', doc: 'Domo API base (OAuth token and embed token).' },
  DOMO_CLIENT_ID: { parse: str(), doc: 'Domo OAuth client id.' },
  DOMO_CLIENT_SECRET: { parse: str(), doc: 'Domo OAuth client secret.' },
  DOMO_EMBED_ID: { parse: str(), doc: 'Domo embed id of the dashboard shown to every house (filtered to the house).' },
  DOMO_EMBED_URL: {
    parse: url('http', 'https'),
    default: 'https://public.domo.com/embed/pages',
    doc: 'Domo embed page base: the admin posts the embed token to `{DOMO_EMBED_URL}/{DOMO_EMBED_ID}`.',
  },
} satisfies Record<string, VarSpec<unknown>>;

/** `none`, or a sandbox fault with an optional rate (0 to 1, default 1): `timeout_after_charge:0.25`. */
function sandboxFault(raw: string, name: string): string {
  const m = /^(none|error_before_charge|timeout_after_charge)(?::(0(?:\.\d+)?|1(?:\.0+)?))?$/.exec(raw.trim());
  if (!m)
    throw new ConfigError(
      `Invalid configuration: ${name} must be none, error_before_charge or timeout_after_charge, optionally :rate (got "${raw}")`,
    );
  return raw.trim();
}

/** S3 bucket names: 3-63 lowercase letters, digits, dots and dashes, starting and ending with a letter or digit. */
function s3Bucket(raw: string, name: string): string {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(raw) || raw.includes('..')) {
    throw new ConfigError(
      `Invalid configuration: ${name} must be a bucket name (3-63 lowercase letters, digits, dots and dashes) (got "${raw}")`,
    );
  }
  return raw;
}

export interface S3StorageConfig {
  driver: 's3';
  /** Unset: AWS S3 of the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  role: AppRole;
  databaseUrl?: string;
  embeddedPg: { dir: string; port: number };
  redisUrl?: string;
  queuePrefix: string;
  jobConcurrency: number;
  jobLockSeconds: number;
  sessionTtlHours: number;
  sessionMaxHours: number;
  sessionCacheSeconds: number;
  cookieSecure: boolean;
  login: { maxFailures: number; windowMinutes: number };
  bodyLimit: string;
  corsOrigins: string[];
  logLevel: string;
  demoData: 'auto' | 'off';
  smtpUrl?: string;
  mailFrom: string;
  storageDir: string;
  /** The FileStorage implementation (docs/decisions/storage.md). */
  storage: { driver: 'local'; dir: string } | S3StorageConfig;
  fileUrlSecret: string;
  /** Base of links in mail, without a trailing slash. */
  publicUrl: string;
  resetLink: { secret: string; minutes: number; inviteMinutes: number };
  runMigrations: boolean;
  paymentGateway: 'sandbox';
  sandboxGateway: { latencyMs: number; fault: 'none' | 'error_before_charge' | 'timeout_after_charge'; faultRate: number };
  autoChargeMaxAttempts: number;
  /** The video broadcast's streaming provider (docs/decisions/broadcast-analytics.md). */
  broadcast: { provider: 'none' } | { provider: 'millicast'; apiUrl: string; apiSecret: string; accountId: string; viewerUrl: string };
  /** The analytics dashboard's embed provider. */
  analytics:
    { provider: 'none' } | { provider: 'domo'; apiUrl: string; clientId: string; clientSecret: string; embedId: string; embedUrl: string };
}

/** Reads and validates the environment once; throws ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): AppConfig {
  const v = <K extends keyof typeof ENV_VARS>(k: K) => readVar(env, k, ENV_VARS[k] as VarSpec<unknown>) as never;
  const nodeEnv: AppConfig['env'] = v('NODE_ENV');
  const secret: string | undefined = v('FILE_URL_SECRET');
  if (nodeEnv === 'production' && !secret) {
    throw new ConfigError('Invalid configuration: FILE_URL_SECRET must be set in production');
  }
  const cookieSecure: string = v('COOKIE_SECURE');
  const fileUrlSecret = secret ?? 'dev-only-file-url-secret';
  const port: number = v('PORT');
  const resetSecret: string | undefined = v('RESET_LINK_SECRET');
  return {
    env: nodeEnv,
    port,
    host: v('HOST'),
    role: v('APP_ROLE'),
    databaseUrl: v('DATABASE_URL'),
    embeddedPg: { dir: path.resolve(root, v('EMBEDDED_PG_DIR')), port: v('EMBEDDED_PG_PORT') },
    redisUrl: v('REDIS_URL'),
    queuePrefix: v('QUEUE_PREFIX'),
    jobConcurrency: v('JOB_CONCURRENCY'),
    jobLockSeconds: v('JOB_LOCK_SECONDS'),
    sessionTtlHours: v('SESSION_TTL_HOURS'),
    sessionMaxHours: v('SESSION_MAX_HOURS'),
    sessionCacheSeconds: v('SESSION_CACHE_SECONDS'),
    cookieSecure: cookieSecure === 'auto' ? nodeEnv === 'production' : cookieSecure === 'true',
    login: { maxFailures: v('LOGIN_MAX_FAILURES'), windowMinutes: v('LOGIN_WINDOW_MINUTES') },
    bodyLimit: v('BODY_LIMIT'),
    corsOrigins: (v('CORS_ORIGINS') as string)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: v('LOG_LEVEL'),
    demoData: v('DEMO_DATA'),
    smtpUrl: v('SMTP_URL'),
    mailFrom: v('MAIL_FROM'),
    storageDir: path.resolve(root, v('STORAGE_DIR')),
    storage: storageConfig(v, path.resolve(root, v('STORAGE_DIR'))),
    fileUrlSecret,
    publicUrl: ((v('PUBLIC_URL') as string | undefined) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    // Its own key even when derived: a signed file URL can never pass for a reset link, nor back.
    resetLink: {
      secret: resetSecret ?? deriveKey(fileUrlSecret, 'password-reset-link'),
      minutes: v('RESET_LINK_MINUTES'),
      inviteMinutes: v('INVITE_LINK_HOURS') * 60,
    },
    runMigrations: v('RUN_MIGRATIONS'),
    paymentGateway: v('PAYMENT_GATEWAY'),
    sandboxGateway: { latencyMs: v('SANDBOX_GATEWAY_LATENCY_MS'), ...splitFault(v('SANDBOX_GATEWAY_FAULT')) },
    autoChargeMaxAttempts: v('AUTO_CHARGE_MAX_ATTEMPTS'),
    broadcast: broadcastConfig(v),
    analytics: analyticsConfig(v),
  };
}

type Read = <K extends keyof typeof ENV_VARS>(k: K) => never;

/** A provider's variables are all required once it is chosen: fail at boot, not on the first call. */
function required(v: Read, names: (keyof typeof ENV_VARS)[], why: string): string[] {
  const missing = names.filter((n) => !v(n));
  if (missing.length) throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set when ${why}`);
  return names.map((n) => v(n) as string);
}

function broadcastConfig(v: Read): AppConfig['broadcast'] {
  if (v('BROADCAST_PROVIDER') !== 'millicast') return { provider: 'none' };
  const [apiSecret, accountId] = required(v, ['MILLICAST_API_SECRET', 'MILLICAST_ACCOUNT_ID'], 'BROADCAST_PROVIDER is millicast');
  return { provider: 'millicast', apiUrl: trimSlash(v('MILLICAST_API_URL')), apiSecret, accountId, viewerUrl: v('MILLICAST_VIEWER_URL') };
}

function analyticsConfig(v: Read): AppConfig['analytics'] {
  if (v('ANALYTICS_PROVIDER') !== 'domo') return { provider: 'none' };
  const [clientId, clientSecret, embedId] = required(
    v,
    ['DOMO_CLIENT_ID', 'DOMO_CLIENT_SECRET', 'DOMO_EMBED_ID'],
    'ANALYTICS_PROVIDER is domo',
  );
  return {
    provider: 'domo',
    apiUrl: trimSlash(v('DOMO_API_URL')),
    clientId,
    clientSecret,
    embedId,
    embedUrl: trimSlash(v('DOMO_EMBED_URL')),
  };
}

function storageConfig(v: Read, dir: string): AppConfig['storage'] {
  if (v('STORAGE_DRIVER') !== 's3') return { driver: 'local', dir };
  const [bucket] = required(v, ['S3_BUCKET'], 'STORAGE_DRIVER is s3');
  const [accessKeyId, secretAccessKey] = [v('S3_ACCESS_KEY_ID') as string | undefined, v('S3_SECRET_ACCESS_KEY') as string | undefined];
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both unset)');
  }
  const endpoint = v('S3_ENDPOINT') as string | undefined;
  return {
    driver: 's3',
    endpoint: endpoint && trimSlash(endpoint),
    bucket,
    region: v('S3_REGION'),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: v('S3_FORCE_PATH_STYLE'),
  };
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

function splitFault(value: string): Omit<AppConfig['sandboxGateway'], 'latencyMs'> {
  const [fault, rate] = value.split(':');
  return { fault: fault as AppConfig['sandboxGateway']['fault'], faultRate: rate === undefined ? 1 : Number(rate) };
}
