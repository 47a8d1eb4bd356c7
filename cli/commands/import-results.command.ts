import * as fs from 'node:fs';
import * as path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { HousesService } from '../../src/modules/houses/houses.service';
import { RESULTS_MAX_FILE_BYTES } from '../../src/modules/lots/results/results-csv';
import { ResultsError, ResultsErrorCode } from '../../src/modules/lots/results/results.errors';
import { ResultsImportService } from '../../src/modules/lots/results/results-import.service';
import { CliCommand, CliError, cliNote, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';
import { catalogIdOption, counted, importFileArgument } from '../import-input';

/**
 * `npm run cli -- import-results --house demo --catalog 12 results.csv [--dry-run]`: the same
 * import as `POST /api/catalogs/12/results/import` (docs/results-import.md), all rows or none.
 * Progress goes to stderr; each bad row is printed on stdout as `line N: reason`, then the command
 * exits 1 having written nothing. The catalog id is the session's id in that house.
 */
@Command({
  name: 'import-results',
  arguments: '<file>',
  description: 'Import the lot results (hammer, winning bidder, channel) of a session from a CSV file: all rows or none.',
})
export class ImportResultsCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly houses: HousesService,
    private readonly results: ResultsImportService,
  ) {
    super();
  }

  @Option({ flags: '--house <name>', description: 'House user name (as at sign-in) or houseRef.' })
  parseHouse(raw: string): string {
    return raw;
  }

  @Option({ flags: '--catalog <id>', description: 'The session (catalog) id, as in /api/catalogs/<id>/...' })
  parseCatalog(raw: string): string {
    return raw;
  }

  @Option({ flags: '--dry-run', description: 'Check every row and report, write nothing.' })
  parseDryRun(): boolean {
    return true;
  }

  protected async execute(o: { house?: string; catalog?: string; dryRun?: boolean }, params: string[]): Promise<void> {
    const houseName = requiredText('--house', o.house);
    const catalogId = catalogIdOption(o.catalog);
    const file = importFileArgument(params[0], {
      usage: 'Name the CSV file to import, e.g. `import-results --house demo --catalog 12 results.csv`.',
      maxBytes: RESULTS_MAX_FILE_BYTES,
      tooLarge: `"${params[0]}" is larger than ${RESULTS_MAX_FILE_BYTES / 1024 / 1024} MB: split it into several files.`,
    });
    await this.importFile(houseName, catalogId, file, o.dryRun === true);
  }

  @CreateRequestContext()
  private async importFile(houseName: string, catalogId: number, file: string, dryRun: boolean): Promise<void> {
    await requireCurrentSchema(this.orm);
    const house = await this.houses.findBySignInName(houseName);
    if (!house) throw new CliError(`Unknown house "${houseName}".`);
    cliNote(
      `importing ${path.basename(file)} into catalog ${catalogId} of house "${house.houseUserName}"${dryRun ? ' (dry run: nothing is written)' : ''}...`,
    );
    let outcome;
    try {
      outcome = await this.results.import(
        house.id,
        catalogId,
        { name: file, data: fs.readFileSync(file) },
        { dryRun, onProgress: (note) => cliNote(`  ${note}`) },
      );
    } catch (e) {
      if (e instanceof ResultsError && e.code === ResultsErrorCode.CATALOG_NOT_FOUND)
        throw new CliError(`Catalog ${catalogId} not found in house "${house.houseUserName}".`);
      throw e;
    }
    if (outcome.errors.length) {
      for (const e of outcome.errors) cliOut(`line ${e.line}: ${e.column ? `[${e.column}] ` : ''}${e.reason}`);
      const lines = new Set(outcome.errors.map((e) => e.line)).size;
      throw new CliError(`${lines} row${lines === 1 ? ' has' : 's have'} errors; nothing was imported.`);
    }
    cliOut(
      `${dryRun ? 'Dry run: would import' : 'Imported'} ${counted(outcome.imported, 'result')} (${outcome.sold} sold, ${outcome.passed} passed, ${outcome.unchanged} unchanged); ` +
        `${counted(outcome.createdBidders, 'new floor bidder')}, ${counted(outcome.createdApprovals, 'new registration')}.`,
    );
  }
}
