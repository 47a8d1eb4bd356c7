import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { HousesService } from '../../src/modules/houses/houses.service';
import { ApiTokensService } from '../../src/modules/houses/identity/api-tokens.service';
import { CliCommand, CliError, cliOut, nonNegativeInteger, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- revoke-api-token --house demo --id 3` (ids from `list-api-tokens`). The token stops
 * authenticating at once on every instance; revoking is final (create a new token instead).
 */
@Command({ name: 'revoke-api-token', description: 'Revoke an API token of a house by its id (see list-api-tokens).' })
export class RevokeApiTokenCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly houses: HousesService,
    private readonly tokens: ApiTokensService,
  ) {
    super();
  }

  @Option({ flags: '--house <name>', description: 'House user name (as at sign-in) or houseRef.' })
  parseHouse(raw: string): string {
    return raw;
  }

  @Option({ flags: '--id <id>', description: 'The token id, as list-api-tokens shows it.' })
  parseId(raw: string): string {
    return raw;
  }

  protected async execute(o: { house?: string; id?: string }): Promise<void> {
    const houseName = requiredText('--house', o.house);
    const id = nonNegativeInteger('--id', requiredText('--id', o.id), 2 ** 31 - 1);
    await this.revoke(houseName, id);
  }

  @CreateRequestContext()
  private async revoke(houseName: string, id: number): Promise<void> {
    await requireCurrentSchema(this.orm);
    const house = await this.houses.findBySignInName(houseName);
    if (!house) throw new CliError(`Unknown house "${houseName}".`);
    if (!(await this.tokens.revoke(house.id, id)))
      throw new CliError(`No active API token with id ${id} in house "${house.houseUserName}".`);
    cliOut(`API token ${id} of house "${house.houseUserName}" revoked.`);
  }
}
