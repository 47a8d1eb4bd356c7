import * as fs from 'node:fs';
import * as path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { IMAGE_ERROR_TEXT, type ImageErrorCode, type ImageNameFormat } from '@ar/rules';
import { LotImagesService } from '../../src/modules/lots/images/lot-images.service';
import { CliCommand, CliError, cliNote, cliOut } from '../cli-command';
import { catalogIdOption, choiceOption, counted } from '../import-input';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- import-images --catalog 12 photos/ [--format lot|inventory]`: every JPEG/PNG in
 * the folder, named `{number}[ext].{sequence}.{type}`, checked and sized exactly as the image step's
 * uploads (the same codes and texts), then recorded at its lot and sequence (a repeated name replaces).
 * Good images are kept; each bad one is printed on stdout as `name: code: title`, then exit 1.
 */
@Command({
  name: 'import-images',
  arguments: '<folder>',
  description: 'Import lot images from a folder (names {number}[ext].{sequence}.jpg|png), by lot or inventory number.',
})
export class ImportImagesCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly images: LotImagesService,
  ) {
    super();
  }

  @Option({ flags: '--catalog <id>', description: 'The session (catalog) id.' })
  parseCatalog(raw: string): string {
    return raw;
  }

  @Option({ flags: '--format <format>', description: 'lot (default: lot or item number and extension) or inventory.' })
  parseFormat(raw: string): string {
    return raw;
  }

  protected async execute(o: { catalog?: string; format?: string }, params: string[]): Promise<void> {
    const catalogId = catalogIdOption(o.catalog);
    const format = choiceOption('--format', o.format, ['lot', 'inventory'] as const, 'lot');
    const folder = params[0];
    if (!folder) throw new CliError('Name the folder of images, e.g. `import-images --catalog 12 photos/`.');
    let names: string[];
    try {
      names = fs
        .readdirSync(folder, { withFileTypes: true })
        .filter((d) => d.isFile() && !d.name.startsWith('.'))
        .map((d) => d.name)
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new CliError(
        `Cannot read "${folder}": ${code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'not a folder' : (e as Error).message}.`,
      );
    }
    if (!names.length) throw new CliError(`"${folder}" holds no files.`);
    await this.importFolder(catalogId, folder, names, format);
  }

  @CreateRequestContext()
  private async importFolder(catalogId: number, folder: string, names: string[], format: ImageNameFormat): Promise<void> {
    await requireCurrentSchema(this.orm);
    const houseId = await this.images.houseOf(catalogId);
    if (houseId === null) throw new CliError(`Catalog ${catalogId} not found.`);
    cliNote(`importing ${counted(names.length, 'file')} from ${folder} into catalog ${catalogId} (by ${format} number)...`);
    const bar = progressBar(names.length);
    // Sizes first: an oversized file is refused from its size, never read whole.
    const files = await Promise.all(
      names.map(async (name) => {
        const file = path.join(folder, name);
        return { name, size: (await fs.promises.stat(file)).size, read: () => fs.promises.readFile(file) };
      }),
    );
    const started = Date.now();
    const results = await this.images.importFiles(houseId, catalogId, files, format, bar);
    const seconds = (Date.now() - started) / 1000;
    const failed = results.filter((r) => r.error);
    const replaced = results.filter((r) => !r.error && r.replaced).length;
    for (const r of failed) cliOut(`${r.name}: ${r.error}: ${r.message}`);
    summarise(failed.map((r) => r.error!));
    cliNote(
      `Success ${results.length - failed.length}, Error ${failed.length}, Total ${results.length}` +
        `${replaced ? ` (${replaced} replaced an earlier image)` : ''} in ${seconds.toFixed(1)} s.`,
    );
    if (failed.length) throw new CliError(`${failed.length} image${failed.length === 1 ? '' : 's'} with errors were not imported.`);
    cliOut(`Imported ${counted(results.length, 'image')}.`);
  }
}

/** The error summary: count and title per kind, as the image step's summary lists them. */
function summarise(errors: ImageErrorCode[]): void {
  const counts = new Map<ImageErrorCode, number>();
  for (const e of errors) counts.set(e, (counts.get(e) ?? 0) + 1);
  for (const [code, n] of counts) cliNote(`  ${n} x ${IMAGE_ERROR_TEXT[code].title}`);
}

/** A bar redrawn in place on a terminal; a line per tenth when stderr is a file or a pipe. */
function progressBar(total: number): (done: number, total: number) => void {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return (done) => {
    const pct = Math.round((done / total) * 100);
    if (tty) {
      const filled = Math.round(pct / 4);
      process.stderr.write(`\r  [${'#'.repeat(filled)}${'-'.repeat(25 - filled)}] ${done}/${total} (${pct}%)${done === total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor((done / total) * 10);
    if (tenth !== lastTenth || done === total) {
      lastTenth = tenth;
      cliNote(`  images ${done}/${total} (${pct}%)`);
    }
  };
}
