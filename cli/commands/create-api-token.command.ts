import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { HousesService } from '../../src/modules/houses/houses.service';
import { StaffUsersService } from '../../src/modules/houses/staff-users.service';
import { ApiTokensService } from '../../src/modules/houses/identity/api-tokens.service';
import { CliCommand, CliError, cliNote, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

export const MAX_TOKEN_NAME_LENGTH = 100;

/**
 * `npm run cli -- create-api-token --house demo --username owner --name "ERP sync"`. The token acts
 * as that user (same house, same access flags). Only its hash is stored, so the token is printed
 * once, alone on stdout (`TOKEN=$(npm run -s cli -- create-api-token ...)` works); the notes go to stderr.
 */
@Command({ name: 'create-api-token', description: 'Create an API token acting as a staff user; the token is shown once.' })
export class CreateApiTokenCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly houses: HousesService,
    private readonly users: StaffUsersService,
    private readonly tokens: ApiTokensService,
  ) {
    super();
  }

  @Option({ flags: '--house <name>', description: 'House user name (as at sign-in) or houseRef.' })
  parseHouse(raw: string): string {
    return raw;
  }

  @Option({ flags: '--username <u>', description: 'The staff user the token acts as.' })
  parseUsername(raw: string): string {
    return raw;
  }

  @Option({ flags: '--name <label>', description: `What the token is for, e.g. "ERP sync" (up to ${MAX_TOKEN_NAME_LENGTH} characters).` })
  parseName(raw: string): string {
    return raw;
  }

  protected async execute(o: { house?: string; username?: string; name?: string }): Promise<void> {
    const houseName = requiredText('--house', o.house);
    const userName = requiredText('--username', o.username);
    const label = requiredText('--name', o.name);
    if (label.length > MAX_TOKEN_NAME_LENGTH)
      throw new CliError(`--name is ${label.length} characters long; at most ${MAX_TOKEN_NAME_LENGTH} are allowed.`);
    await this.create(houseName, userName, label);
  }

  @CreateRequestContext()
  private async create(houseName: string, userName: string, label: string): Promise<void> {
    await requireCurrentSchema(this.orm);
    const house = await this.houses.findBySignInName(houseName);
    if (!house) throw new CliError(`Unknown house "${houseName}".`);
    const user = await this.users.findByName(house.id, userName);
    if (!user) throw new CliError(`Unknown user "${userName}" in house "${house.houseUserName}".`);
    if (!user.isActive)
      throw new CliError(`User "${user.userName}" in house "${house.houseUserName}" is deactivated: a token would not authenticate.`);
    const { token, record } = await this.tokens.create(user, label);
    cliNote(
      `API token "${record.name}" created for user "${user.userName}" in house "${house.houseUserName}" (id ${record.id}, starts ${record.tokenPrefix}).`,
    );
    cliOut(token);
    cliNote('Copy it now: it cannot be shown again (only its hash is stored).');
    cliNote('Send it as the header  Authorization: Bearer <token>');
  }
}
