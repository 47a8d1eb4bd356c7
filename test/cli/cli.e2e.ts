import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { CLI_ENTRY as ENTRY, CliResult, ROOT, runCliInProcess, runCliProcess } from '../support/cli-process';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, runDatabaseName, TestDatabase } from '../support/test-database';
import { readTestEnv, sql, withDatabase } from '../support/test-env';

/**
 * The CLI as an operator runs it: the built `dist/cli/main.js` in a child process against its own
 * database, reading exit codes, stdout and stderr. A child that does not exit by itself (an open
 * handle) fails the test on the timeout. The build happens once, through `scripts/run-cli.mjs`.
 */
// Jest reads testTimeout from the root config only: every CLI start costs seconds on a busy machine.
jest.setTimeout(120_000);

const MIGRATIONS = fs
  .readdirSync(path.join(ROOT, 'migrations'))
  .filter((f) => /^Migration\d+_\w+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

const run = (
  file: string,
  args: string[],
  databaseUrl: string,
  input?: string,
  timeoutMs = 60_000,
  extraEnv: Record<string, string> = {},
) => runCliProcess(file, args, databaseUrl, { input, timeoutMs, env: extraEnv });

const cli = (db: { url: string }, args: string[], input?: string) => run(ENTRY, args, db.url, input);
/** The same entry run in this process (no process start): each command family below also has spawned runs. */
const inProcess = (db: { url: string }, args: string[]) => runCliInProcess(args, db.url);

async function emptyDatabase(): Promise<TestDatabase> {
  const { adminUrl } = readTestEnv();
  // Named after the run's template: global teardown drops it with the run's other databases.
  const name = runDatabaseName('cli_');
  await sql(adminUrl, `CREATE DATABASE ${name}`);
  return { name, url: withDatabase(adminUrl, name), drop: async () => undefined };
}

const count = async (db: TestDatabase, query: string, params: unknown[] = []) => Number((await sql(db.url, query, params)).rows[0].n);

describe('CLI (npm run cli -- <command>)', () => {
  beforeAll(async () => {
    // Builds dist/ when it is missing or older than the sources, exactly as `npm run cli` does.
    const built = await run(
      path.join(ROOT, 'scripts', 'run-cli.mjs'),
      ['--version'],
      'postgres://unused@127.0.0.1:1/unused',
      undefined,
      600_000,
    );
    if (built.code !== 0) throw new Error(`building the CLI failed:\n${built.stderr}`);
    expect(built.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  }, 600_000);

  describe('migrate', () => {
    let db: TestDatabase;
    beforeAll(async () => (db = await emptyDatabase()));
    afterAll(() => db?.drop());

    it('applies every migration once, even when two runs race for the lock, then reports the database up to date', async () => {
      const [a, b] = await Promise.all([cli(db, ['migrate']), cli(db, ['migrate'])]);
      expect([a.code, b.code, a.stderr + b.stderr]).toEqual([0, 0, expect.any(String)]);
      const applied = `${a.stdout}${b.stdout}`
        .split('\n')
        .filter((l) => l.startsWith('applied '))
        .map((l) => l.slice('applied '.length))
        .sort();
      expect(applied).toEqual(MIGRATIONS);
      expect(await count(db, 'select count(*)::int as n from mikro_orm_migrations')).toBe(MIGRATIONS.length);

      const again = await cli(db, ['migrate']);
      expect(again.code).toBe(0);
      expect(again.stdout.trim()).toBe('The database is up to date: no migration to apply.');
      expect(await count(db, 'select count(*)::int as n from mikro_orm_migrations')).toBe(MIGRATIONS.length);
    }, 120_000);
  });

  it('stops with a message naming a bad environment variable, or the database that does not answer', async () => {
    const [badVar, noDb] = await Promise.all([
      run(ENTRY, ['migrate'], 'postgres://postgres@127.0.0.1:5432/unused', undefined, 60_000, { JOB_CONCURRENCY: '0' }),
      run(ENTRY, ['migrate'], 'postgres://postgres@127.0.0.1:1/unused'),
    ]);
    expect(badVar.code).toBe(1);
    expect(badVar.stderr).toContain('error: Invalid configuration: JOB_CONCURRENCY must be an integer between 1 and 64 (got "0")');
    expect(noDb.code).toBe(1);
    expect(noDb.stderr).toContain('error: connect ECONNREFUSED 127.0.0.1:1');
    expect(noDb.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('create-user and create-api-token refuse to run on a schema with pending migrations, naming the fix', async () => {
    const db = await emptyDatabase();
    try {
      const res = await cli(db, ['create-user', '--house', 'demo', '--username', 'anna', '--password', 'long-enough-pw']);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(
        /error: The database schema is not up to date \(\d+ pending migrations?\): run `npm run cli -- migrate` first\./,
      );
    } finally {
      await db.drop();
    }
  }, 60_000);

  describe('on a migrated database', () => {
    let db: TestDatabase;
    let t: TestApp;
    let demo: CliResult;

    beforeAll(async () => {
      db = await createTestDatabase();
      demo = await cli(db, ['demo-data']);
      t = await createTestApp({ database: db, processJobs: false });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await db?.drop();
    });

    it('demo-data loads houses demo and other with their users, shows progress and prints the counts it loaded', async () => {
      expect(demo.code).toBe(0);
      // Progress lines, one per step, ending at the total.
      expect(demo.stderr).toMatch(/\[1\/(\d+)\] demo: [^\n]*\n[\s\S]*\[(\1)\/\1\] other: /);
      const m = /Loaded 2 houses, 4 staff users, (\d+) sessions, (\d+) lots \((\d+) sold\) and (\d+) bidders/.exec(demo.stdout);
      expect(m).not.toBeNull();
      const [sessions, lots, sold, bidders] = m!.slice(1).map(Number);
      expect(lots).toBeGreaterThanOrEqual(300);
      expect(bidders).toBeGreaterThanOrEqual(100);
      expect(await count(db, 'select count(*)::int as n from catalog')).toBe(sessions);
      expect(await count(db, 'select count(*)::int as n from lot')).toBe(lots);
      expect(await count(db, 'select count(*)::int as n from lot where winning_approval_id is not null')).toBe(sold);
      expect(await count(db, 'select count(*)::int as n from member')).toBe(bidders);
      const users = await sql(
        db.url,
        'select h.house_user_name as house, u.user_name as "user" from staff_user u join house h on h.id = u.house_id order by 1, 2',
      );
      expect(users.rows).toEqual([
        { house: 'demo', user: 'clerk' },
        { house: 'demo', user: 'owner' },
        { house: 'demo', user: 'super' },
        { house: 'other', user: 'owner' },
      ]);
      expect(demo.stdout).toContain('password "auction-demo" (demo only)');
    });

    it.each([
      ['demo', 'owner'],
      ['demo', 'clerk'],
      ['demo', 'super'],
      ['other', 'owner'],
    ])('the demo user %s/%s signs in over HTTP with the demo password', async (house, username) => {
      const res = await request(t.server).post('/api/auth/login').send({ house, username, password: 'auction-demo' });
      expect(res.status).toBe(200);
      expect(res.body.data.user.userName).toBe(username);
    });

    it('demo-data a second time changes nothing and exits non-zero, saying why', async () => {
      const before = await count(db, 'select count(*)::int as n from lot');
      const res = await inProcess(db, ['demo-data', '--size', '2']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('error: The demo data is already loaded: houses "demo" and "other" exist. Nothing was changed.');
      expect(await count(db, 'select count(*)::int as n from lot')).toBe(before);
      expect(await count(db, 'select count(*)::int as n from house')).toBe(2);
    }, 60_000);

    it('create-user creates a user who signs in over HTTP with exactly the flags asked for', async () => {
      const res = await cli(db, [
        'create-user',
        '--house',
        'demo',
        '--username',
        'anna',
        '--password',
        'anna-password-1',
        '--flags',
        'accessInvoices,accessReports',
      ]);
      expect(res).toMatchObject({ code: 0 });
      expect(res.stdout).toContain('Created user "anna"');
      expect(res.stdout).toContain('Access: accessReports, accessInvoices.');
      const login = await request(t.server).post('/api/auth/login').send({ house: 'demo', username: 'anna', password: 'anna-password-1' });
      expect(login.status).toBe(200);
      expect(login.body.data.user).toMatchObject({
        userName: 'anna',
        accessInvoices: true,
        accessReports: true,
        accessConsole: false,
        accessCalendar: false,
        accessSensitive: false,
        isSuperUser: false,
      });
    }, 60_000);

    it('create-user reads the password from stdin and makes a super user with every flag', async () => {
      const res = await cli(
        db,
        ['create-user', '--house', 'DEMO', '--username', 'sam2', '--password-stdin', '--flags', 'all', '--super'],
        'piped-password-1\n',
      );
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('; super user.');
      const login = await request(t.server).post('/api/auth/login').send({ house: 'demo', username: 'sam2', password: 'piped-password-1' });
      expect(login.status).toBe(200);
      expect(login.body.data.user).toMatchObject({ isSuperUser: true, accessSettlement: true, accessBulkbiding: true });
    }, 60_000);

    it('create-api-token prints only the token on stdout, once; it authenticates GET /app/house/user and is stored hashed', async () => {
      const res = await cli(db, ['create-api-token', '--house', 'demo', '--username', 'clerk', '--name', 'ERP sync']);
      expect(res.code).toBe(0);
      const token = res.stdout.trim();
      expect(token).toMatch(/^art_[A-Za-z0-9_-]{20,}$/);
      expect(res.stderr).toContain('it cannot be shown again');
      const me = await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`);
      expect(me.status).toBe(200);
      expect(me.body.data.user).toMatchObject({ userName: 'clerk', accessInvoices: true, accessReports: false });
      const stored = await sql(db.url, 'select name, token_hash, token_prefix from api_token');
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0].name).toBe('ERP sync');
      expect(JSON.stringify(stored.rows)).not.toContain(token);
    }, 60_000);

    it("list-api-tokens lists a house's tokens without the secret; revoke-api-token ends one at once, only in its own house", async () => {
      const created = await inProcess(db, ['create-api-token', '--house', 'demo', '--username', 'owner', '--name', 'Revoke me']);
      expect(created.code).toBe(0);
      const token = created.stdout.trim();
      await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);

      const listed = await cli(db, ['list-api-tokens', '--house', 'demo']);
      expect(listed.code).toBe(0);
      const lines = listed.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t'));
      const mine = lines.find((l) => l[6] === 'Revoke me');
      expect(mine).toEqual([
        expect.stringMatching(/^\d+$/),
        token.slice(0, 12),
        'owner',
        'active',
        expect.any(String),
        expect.any(String),
        'Revoke me',
      ]);
      expect(listed.stdout).not.toContain(token);
      const id = mine![0];

      // Another house cannot revoke it by id; the token keeps working.
      const other = await inProcess(db, ['revoke-api-token', '--house', 'other', '--id', id]);
      expect(other.code).toBe(1);
      expect(other.stderr).toContain(`error: No active API token with id ${id} in house "other".`);
      await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);

      const revoked = await cli(db, ['revoke-api-token', '--house', 'demo', '--id', id]);
      expect([revoked.code, revoked.stdout.trim()]).toEqual([0, `API token ${id} of house "demo" revoked.`]);
      const refused = await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('INVALID_TOKEN');
      const after = await inProcess(db, ['list-api-tokens', '--house', 'demo']);
      expect(after.stdout.split('\n').find((l) => l.endsWith('\tRevoke me'))).toMatch(/\trevoked \d{4}-/);
      const again = await inProcess(db, ['revoke-api-token', '--house', 'demo', '--id', id]);
      expect(again.code).toBe(1);
      const bad = await inProcess(db, ['revoke-api-token', '--house', 'demo', '--id', 'abc']);
      expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('error: --id must be a whole number')]);
    }, 120_000);

    describe('refusals', () => {
      const cases: [string, string[], string][] = [
        [
          'an unknown house',
          ['create-user', '--house', 'nowhere', '--username', 'x1', '--password', 'long-enough-pw'],
          'error: Unknown house "nowhere".',
        ],
        [
          'a duplicate user (any case)',
          ['create-user', '--house', 'demo', '--username', 'OWNER', '--password', 'long-enough-pw'],
          'error: User "OWNER" already exists in this house.',
        ],
        [
          'a weak password',
          ['create-user', '--house', 'demo', '--username', 'x2', '--password', 'short'],
          'error: Password must be 10 to 50 characters.',
        ],
        [
          'an unknown flag',
          ['create-user', '--house', 'demo', '--username', 'x3', '--password', 'long-enough-pw', '--flags', 'accessInvoices,accessNope'],
          'error: Unknown access flag "accessNope".',
        ],
        [
          'an invalid user name',
          ['create-user', '--house', 'demo', '--username', 'two words', '--password', 'long-enough-pw'],
          'error: User name may contain letters, digits, dots, dashes, underscores and @ only.',
        ],
        [
          'a missing password',
          ['create-user', '--house', 'demo', '--username', 'x4'],
          'error: --password (or --password-stdin) is required.',
        ],
        [
          'an unknown option',
          ['create-user', '--house', 'demo', '--username', 'x5', '--pasword', 'long-enough-pw'],
          "error: unknown option '--pasword'",
        ],
        [
          'a token for an unknown user',
          ['create-api-token', '--house', 'demo', '--username', 'ghost', '--name', 'x'],
          'error: Unknown user "ghost" in house "demo".',
        ],
        [
          'a token for an unknown house',
          ['create-api-token', '--house', 'nowhere', '--username', 'owner', '--name', 'x'],
          'error: Unknown house "nowhere".',
        ],
        ['a token without a name', ['create-api-token', '--house', 'demo', '--username', 'owner'], 'error: --name is required.'],
        [
          'a demo size out of range',
          ['demo-data', '--size', '0'],
          'error: --size must be a number greater than 0 and at most 100 (got "0").',
        ],
        ['an unknown command', ['create-users'], "error: unknown command 'create-users'"],
      ];
      const results = new Map<string, CliResult>();
      const counts = () =>
        Promise.all([
          count(db, 'select count(*)::int as n from staff_user'),
          count(db, 'select count(*)::int as n from api_token'),
          count(db, 'select count(*)::int as n from house'),
        ]);
      let before: number[];

      // In this process, one after the other: a process start per case costs about a second of CPU,
      // and each command family has its spawned runs above.
      beforeAll(async () => {
        before = await counts();
        for (const c of cases) results.set(c[0], await inProcess(db, c[1]));
      }, 180_000);

      it.each(cases)('refuses %s with exit code 1 and its message, without a stack trace', (what, _args, message) => {
        const res = results.get(what)!;
        expect({ code: res.code, stderr: res.stderr }).toEqual({ code: 1, stderr: expect.stringContaining(message) });
        expect(res.stderr).not.toMatch(/\n\s+at /); // a refusal, not a crash
        expect(res.stdout).toBe('');
      });

      it('changed nothing in the database', async () => {
        expect(await counts()).toEqual(before);
      });
    });

    it('npm run cli passes the exit code through scripts/run-cli.mjs', async () => {
      const res = await run(
        path.join(ROOT, 'scripts', 'run-cli.mjs'),
        ['create-user', '--house', 'nowhere', '--username', 'x', '--password', 'long-enough-pw'],
        db.url,
      );
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('error: Unknown house "nowhere".');
    }, 120_000);
  });
});
