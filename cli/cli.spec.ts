import { ACCESS_FLAGS } from '../src/core/auth/access-flags';
import { HousesError, HousesErrorCode } from '../src/modules/houses/houses.errors';
import { CLI_COMMANDS } from './cli.module';
import { CliError, describeFailure, nonNegativeInteger, positiveNumber, shorten } from './cli-command';
import { parseAccessFlags } from './commands/create-user.command';
import { onlyNeedsHelp } from './main';

describe('CLI parsing', () => {
  it('names every command as its @Command decorator does', () => {
    for (const [name, command] of Object.entries(CLI_COMMANDS)) {
      expect(Reflect.getMetadata('CommandBuilder:Command:Meta', command)).toMatchObject({ name });
    }
  });

  it('grants exactly the flags listed, in any case; all and none; the spec defaults when absent', () => {
    const on = (flags: ReturnType<typeof parseAccessFlags>) => ACCESS_FLAGS.filter((f) => flags?.[f]);
    expect(on(parseAccessFlags('accessInvoices, ACCESSREPORTS'))).toEqual(['accessReports', 'accessInvoices']);
    expect(Object.keys(parseAccessFlags('accessInvoices') ?? {}).sort()).toEqual([...ACCESS_FLAGS].sort());
    expect(on(parseAccessFlags('all'))).toEqual([...ACCESS_FLAGS]);
    expect(on(parseAccessFlags('none'))).toEqual([]);
    expect(parseAccessFlags(undefined)).toBeUndefined();
  });

  it('refuses an unknown access flag by name, and an empty list', () => {
    expect(() => parseAccessFlags('accessInvoices,accessNope')).toThrow('Unknown access flag "accessNope". Known flags: accessCustomer,');
    expect(() => parseAccessFlags(' , ')).toThrow('--flags needs a comma-separated list');
  });

  it('refuses sizes and seeds out of range', () => {
    expect(positiveNumber('--size', '2.5', 100)).toBe(2.5);
    for (const bad of ['0', '-1', 'abc', '', '101']) expect(() => positiveNumber('--size', bad, 100)).toThrow(CliError);
    expect(nonNegativeInteger('--seed', '42', 2 ** 32 - 1)).toBe(42);
    for (const bad of ['-1', '1.5', 'x', '4294967296']) expect(() => nonNegativeInteger('--seed', bad, 2 ** 32 - 1)).toThrow(CliError);
  });

  it('needs no database for help, the version, no command or an unknown command', () => {
    for (const args of [[], ['--help'], ['-V'], ['help', 'migrate'], ['create-user', '--help'], ['nope'], ['--', 'migrate']])
      expect(onlyNeedsHelp(args)).toBe(true);
    for (const args of [['migrate'], ['demo-data', '--size', '2'], ['create-user', '--password', '--', '--help']])
      expect(onlyNeedsHelp(args)).toBe(false);
  });

  it('reports refusals without a stack, commander errors silently with their exit code, bugs with one', () => {
    expect(describeFailure(new CliError('Unknown house "x".'))).toEqual({ exitCode: 1, message: 'error: Unknown house "x".' });
    expect(describeFailure(new HousesError(HousesErrorCode.WEAK_PASSWORD, 'Password must be 10 to 50 characters.'))).toEqual({
      exitCode: 1,
      message: 'error: Password must be 10 to 50 characters.',
    });
    expect(describeFailure(Object.assign(new Error('help'), { code: 'commander.helpDisplayed', exitCode: 0 }))).toEqual({ exitCode: 0 });
    expect(describeFailure(Object.assign(new Error("unknown option '--x'"), { code: 'commander.unknownOption', exitCode: 1 }))).toEqual({
      exitCode: 1,
    });
    expect(describeFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).message).toBe(
      'error: connect ECONNREFUSED',
    );
    expect(describeFailure(new TypeError('x is undefined')).message).toMatch(/^error: TypeError: x is undefined\n\s+at /);
  });

  it('shortens long database messages in the middle, keeping the cause at the end', () => {
    const long = `insert into lot values ${'(1, 2), '.repeat(500)}- null value in column "member_id"`;
    const short = shorten(long);
    expect(short.length).toBeLessThan(620);
    expect(short).toMatch(/^insert into lot values/);
    expect(short).toMatch(/null value in column "member_id"$/);
  });
});
