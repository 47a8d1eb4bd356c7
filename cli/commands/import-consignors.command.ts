import * as fs from 'node:fs';
import * as path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { CATALOG_FILE, CATALOG_FILE_TEXT } from '@ar/rules';
import { HousesService } from '../../src/modules/houses/houses.service';
import { sheetKind } from '../../src/modules/lots/spreadsheets/sheet-reader';
import { ConsignorImportService } from '../../src/modules/settlements/consignors/import/consignor-import.service';
import { CliCommand, CliError, cliNote, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';
import { counted, importFileArgument } from '../import-input';

/**
 * `npm run cli -- import-consignors --house demo consignors.xlsx`: the house's consignors from a
 * spreadsheet (.csv or .xlsx), all rows or none. A row updates the consignor with its email, else
 * its name; others are added. Progress on stderr; each error on stdout as `row N: message`, then
 * exit 1 having written nothing. Decisions: docs/decisions/settlements.md "Consignor import".
 */
@Command({
  name: 'import-consignors',
  arguments: '<file>',
  description: "Import a house's consignors from a spreadsheet (.csv or .xlsx); a known email or name updates: all rows or none.",
})
export class ImportConsignorsCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly houses: HousesService,
    private readonly consignors: ConsignorImportService,
  ) {
    super();
  }

  @Option({ flags: '--house <name>', description: 'House user name (as at sign-in) or houseRef.' })
  parseHouse(raw: string): string {
    return raw;
  }

  protected async execute(o: { house?: string }, params: string[]): Promise<void> {
    const house = requiredText('--house', o.house);
    const file = importFileArgument(params[0], {
      usage: 'Name the spreadsheet to import, e.g. `import-consignors --house demo consignors.xlsx`.',
      check: (f) => {
        const kind = sheetKind(f);
        if (kind !== 'csv' && kind !== 'xlsx') throw new CliError(`"${f}" is not a .csv or .xlsx file.`);
      },
      maxBytes: CATALOG_FILE.maxBytes,
      tooLarge: CATALOG_FILE_TEXT.tooLarge,
    });
    await this.importFile(house, file);
  }

  @CreateRequestContext()
  private async importFile(houseName: string, file: string): Promise<void> {
    await requireCurrentSchema(this.orm);
    const house = await this.houses.findBySignInName(houseName);
    if (!house) throw new CliError(`Unknown house "${houseName}".`);
    cliNote(`importing ${path.basename(file)} into house "${house.houseUserName}"...`);
    const r = await this.consignors.import(house.id, { name: file, data: fs.readFileSync(file) }, (stage, done, total) =>
      cliNote(`  ${stage} ${done}/${total}`),
    );
    const columns = Object.entries(r.columns).map(([field, header]) => `${header} -> ${field}`);
    if (columns.length) cliNote(`  columns: ${columns.join(', ')}`);
    if (r.errors.length) {
      for (const e of r.errors) cliOut(`${e.row ? `row ${e.row}` : 'file'}: ${e.message}`);
      throw new CliError(`${r.errors.length} error(s) in ${r.rowCount} row(s); nothing was imported.`);
    }
    cliOut(`Imported ${counted(r.rowCount, 'consignor')}: ${r.created} added, ${r.updated} updated.`);
  }
}
