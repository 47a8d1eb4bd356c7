import * as fs from 'node:fs';
import * as path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { CATALOG_FILE, CATALOG_FILE_TEXT, type SheetError, type SheetWarning } from '@ar/rules';
import { LotSheetService } from '../../src/modules/lots/spreadsheets/lot-sheet.service';
import type { SheetFormat } from '../../src/modules/lots/spreadsheets/sheet-columns';
import { CliCommand, CliError, cliNote, cliOut } from '../cli-command';
import { catalogIdOption, choiceOption, counted, importFileArgument } from '../import-input';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- import-lots --catalog 12 lots.xlsx [--format standard|auctionflex]`: the upload
 * step's read and check (the same error codes and texts as `POST /cps/app/spreadsheet/csv/...`),
 * then the review list's save, all lots or none. Progress goes to stderr; each error is printed on
 * stdout as `row N: code C: message`, then the command exits 1 having written nothing.
 */
@Command({
  name: 'import-lots',
  arguments: '<file>',
  description: 'Import the lots of a session from a spreadsheet (.csv, .xlsx or .xls), Standard or Auction Flex format: all lots or none.',
})
export class ImportLotsCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly sheets: LotSheetService,
  ) {
    super();
  }

  @Option({ flags: '--catalog <id>', description: 'The session (catalog) id.' })
  parseCatalog(raw: string): string {
    return raw;
  }

  @Option({ flags: '--format <format>', description: 'standard (default) or auctionflex.' })
  parseFormat(raw: string): string {
    return raw;
  }

  protected async execute(o: { catalog?: string; format?: string }, params: string[]): Promise<void> {
    const catalogId = catalogIdOption(o.catalog);
    const format = choiceOption('--format', o.format, ['standard', 'auctionflex'] as const, 'standard');
    const file = importFileArgument(params[0], {
      usage: 'Name the spreadsheet to import, e.g. `import-lots --catalog 12 lots.xlsx`.',
      maxBytes: CATALOG_FILE.maxBytes,
      tooLarge: CATALOG_FILE_TEXT.tooLarge,
    });
    await this.importFile(catalogId, file, format);
  }

  @CreateRequestContext()
  private async importFile(catalogId: number, file: string, format: SheetFormat): Promise<void> {
    await requireCurrentSchema(this.orm);
    const houseId = await this.sheets.houseOf(catalogId);
    if (houseId === null) throw new CliError(`Catalog ${catalogId} not found.`);
    cliNote(`importing ${path.basename(file)} (${format}) into catalog ${catalogId}...`);
    const progress = (stage: string, done: number, total: number) =>
      cliNote(`  ${stage} ${done}/${total}${total ? ` (${Math.round((done / total) * 100)}%)` : ''}`);
    const upload = await this.sheets.upload(houseId, catalogId, { name: file, data: fs.readFileSync(file) }, format, {
      checkName: false,
      progress,
    });
    cliNote(
      `  columns: ${
        Object.entries(upload.columns)
          .map(([field, header]) => `${header} -> ${field}`)
          .join(', ') || 'none recognised'
      }`,
    );
    printWarnings(upload.warnings);
    if (upload.errors.length) fail(upload.errors, upload.breaking);
    const saved = await this.sheets.save(houseId, catalogId, upload.lots, progress);
    if (saved.errors.length) fail(saved.errors, false);
    cliOut(`Imported ${counted(upload.lots.length, 'lot')}: ${saved.created} added, ${saved.updated} updated.`);
  }
}

function printWarnings(warnings: SheetWarning[]): void {
  for (const w of warnings) cliOut(`warning ${w.errorCode}${w.lotNumber ? ` (lot ${w.lotNumber})` : ''}: ${w.displayMsg}`);
}

function fail(errors: SheetError[], breaking: boolean): never {
  for (const e of errors) {
    const where = [e.row ? `row ${e.row}` : 'file', e.lotNumber ? `lot ${e.lotNumber}` : e.invNumber ? `inventory ${e.invNumber}` : null]
      .filter(Boolean)
      .join(', ');
    cliOut(`${where}: code ${e.errorCode}${e.referenceMsg && e.errorCode === 142 ? ` (${e.referenceMsg})` : ''}: ${e.displayMsg}`);
  }
  throw new CliError(
    `Upload Failed: ${errors.length} Total Error(s)${breaking ? ' (the file cannot be read as lots)' : ''}; nothing was imported.`,
  );
}
