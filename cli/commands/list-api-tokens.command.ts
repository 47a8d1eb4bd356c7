import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { HousesService } from '../../src/modules/houses/houses.service';
import { ApiTokensService } from '../../src/modules/houses/identity/api-tokens.service';
import { CliCommand, CliError, cliNote, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- list-api-tokens --house demo`: one tab-separated line per token on stdout
 * (id, start of the token, user, status, created, last used, name), newest first.
 * The token itself cannot be shown: only its hash is stored.
 */
@Command({ name: 'list-api-tokens', description: "List a house's API tokens (id, start, user, status, dates, name)." })
export class ListApiTokensCommand extends CliCommand {
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

  protected async execute(o: { house?: string }): Promise<void> {
    await this.list(requiredText('--house', o.house));
  }

  @CreateRequestContext()
  private async list(houseName: string): Promise<void> {
    await requireCurrentSchema(this.orm);
    const house = await this.houses.findBySignInName(houseName);
    if (!house) throw new CliError(`Unknown house "${houseName}".`);
    const rows = await this.tokens.listForHouse(house.id);
    cliNote(`${rows.length} API token${rows.length === 1 ? '' : 's'} in house "${house.houseUserName}".`);
    for (const t of rows) {
      const status = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'active';
      const lastUsed = t.lastUsedAt ? t.lastUsedAt.toISOString() : 'never used';
      cliOut([t.id, t.tokenPrefix, t.userName, status, t.createdAt.toISOString(), lastUsed, t.name].join('\t'));
    }
  }
}
