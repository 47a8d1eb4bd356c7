import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { ACCESS_FLAGS, AccessFlags } from '../../src/core/auth/access-flags';
import { HousesService } from '../../src/modules/houses/houses.service';
import { StaffUsersService } from '../../src/modules/houses/staff-users.service';
import { CliCommand, CliError, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/**
 * `--flags accessInvoices,accessReports` to a complete flags record: exactly the named flags are on.
 * `all` and `none` are accepted. Without `--flags` (undefined) the user gets the spec's defaults for
 * a new user (console and calendar on, the rest off). Names match in any case; unknown names are refused.
 */
export function parseAccessFlags(raw: string | undefined): AccessFlags | undefined {
  if (raw === undefined) return undefined;
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const keyword = names.length === 1 ? names[0].toLowerCase() : '';
  const flags = Object.fromEntries(ACCESS_FLAGS.map((f) => [f, keyword === 'all'])) as AccessFlags;
  if (keyword === 'all' || keyword === 'none') return flags;
  if (!names.length) throw new CliError(`--flags needs a comma-separated list of access flags, "all" or "none".`);
  for (const name of names) {
    const flag = ACCESS_FLAGS.find((f) => f.toLowerCase() === name.toLowerCase());
    if (!flag) throw new CliError(`Unknown access flag "${name}". Known flags: ${ACCESS_FLAGS.join(', ')} (or "all", "none").`);
    flags[flag] = true;
  }
  return flags;
}

/** Reads the password from stdin (`--password-stdin`), so it appears neither in shell history nor in `ps`. */
async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY)
    throw new CliError('--password-stdin reads the password from a pipe, e.g. `printf %s "$PASSWORD" | npm run cli -- create-user ...`.');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

@Command({ name: 'create-user', description: 'Create a staff user in a house.' })
export class CreateUserCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly houses: HousesService,
    private readonly users: StaffUsersService,
  ) {
    super();
  }

  @Option({ flags: '--house <name>', description: 'House user name (as at sign-in) or houseRef.' })
  parseHouse(raw: string): string {
    return raw;
  }

  @Option({ flags: '--username <u>', description: 'User name to sign in with (unique in the house, any case).' })
  parseUsername(raw: string): string {
    return raw;
  }

  @Option({ flags: '--password <p>', description: 'Password (10 to 50 characters). Prefer --password-stdin outside scripts.' })
  parsePassword(raw: string): string {
    return raw;
  }

  @Option({ flags: '--password-stdin', description: 'Read the password from the first line of stdin.' })
  parsePasswordStdin(): boolean {
    return true;
  }

  @Option({
    flags: '--flags <list>',
    description: `Comma-separated access flags (${ACCESS_FLAGS.join(', ')}), "all" or "none": exactly these are granted. Default: the spec's defaults for a new user (accessConsole, accessCalendar).`,
  })
  parseFlags(raw: string): string {
    return raw;
  }

  @Option({ flags: '--super', description: 'Make the user a super user (internal staff).' })
  parseSuper(): boolean {
    return true;
  }

  @Option({ flags: '--email <address>', description: 'E-mail address (password reset links go there).' })
  parseEmail(raw: string): string {
    return raw;
  }

  @Option({ flags: '--first-name <name>', description: 'First name.' })
  parseFirstName(raw: string): string {
    return raw;
  }

  @Option({ flags: '--last-name <name>', description: 'Last name.' })
  parseLastName(raw: string): string {
    return raw;
  }

  protected async execute(o: {
    house?: string;
    username?: string;
    password?: string;
    passwordStdin?: boolean;
    flags?: string;
    super?: boolean;
    email?: string;
    firstName?: string;
    lastName?: string;
  }): Promise<void> {
    // Everything the operator typed is checked before the database is touched.
    const houseName = requiredText('--house', o.house);
    const userName = requiredText('--username', o.username);
    if (o.password !== undefined && o.passwordStdin) throw new CliError('Give either --password or --password-stdin, not both.');
    if (o.password === undefined && !o.passwordStdin) throw new CliError('--password (or --password-stdin) is required.');
    const flags = parseAccessFlags(o.flags);
    if (o.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(o.email))
      throw new CliError(`--email "${o.email}" is not an e-mail address.`);
    const password = o.passwordStdin ? await readStdinLine() : (o.password as string);
    await this.create({
      houseName,
      userName,
      password,
      flags,
      isSuperUser: o.super === true,
      email: o.email,
      firstName: o.firstName,
      lastName: o.lastName,
    });
  }

  @CreateRequestContext()
  private async create(input: {
    houseName: string;
    userName: string;
    password: string;
    flags?: AccessFlags;
    isSuperUser: boolean;
    email?: string;
    firstName?: string;
    lastName?: string;
  }): Promise<void> {
    await requireCurrentSchema(this.orm);
    const house = await this.houses.findBySignInName(input.houseName);
    if (!house) throw new CliError(`Unknown house "${input.houseName}".`);
    const user = await this.users.create({
      house,
      userName: input.userName,
      password: input.password,
      flags: input.flags,
      isSuperUser: input.isSuperUser,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    const granted = ACCESS_FLAGS.filter((f) => user[f]);
    cliOut(`Created user "${user.userName}" (userRef ${user.userRef}) in house "${house.houseUserName}".`);
    cliOut(`Access: ${granted.length ? granted.join(', ') : 'no access flags'}${user.isSuperUser ? '; super user' : ''}.`);
  }
}
