import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { groupPdfName, InvoicePdfService } from '../../src/modules/invoicing/pdf/invoice-pdf.service';
import { CliCommand, CliError, cliNote, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- invoices-pdf --group 12 [--out file.pdf]`: every invoice of the group in one PDF
 * (each on a new page, by invoice number), as the Group Details' "Download PDF (all)" makes it. The
 * house is the group's. Rendered in batches straight into the file (written whole or not at all);
 * progress on stderr, the file written on stdout.
 */
@Command({
  name: 'invoices-pdf',
  description: 'Write every invoice of an invoice group to one PDF file.',
})
export class InvoicesPdfCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly pdfs: InvoicePdfService,
  ) {
    super();
  }

  @Option({ flags: '--group <id>', description: 'The invoice group id, as in /app/house/<ref>/invoiceGroup/<id>.' })
  parseGroup(raw: string): string {
    return raw;
  }

  @Option({ flags: '--out <file>', description: 'The PDF file to write (default invoices-group-<id>.pdf).' })
  parseOut(raw: string): string {
    return raw;
  }

  protected async execute(o: { group?: string; out?: string }): Promise<void> {
    const raw = requiredText('--group', o.group);
    if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0)
      throw new CliError(`--group must be an invoice group id, a whole number (got "${raw}").`);
    const groupId = Number(raw);
    const out = o.out === undefined ? groupPdfName(groupId) : requiredText('--out', o.out);
    await this.write(groupId, out);
  }

  @CreateRequestContext()
  private async write(groupId: number, out: string): Promise<void> {
    await requireCurrentSchema(this.orm);
    const houseId = await this.pdfs.houseOfGroup(groupId);
    if (houseId === null) throw new CliError(`Invoice group ${groupId} not found.`);
    const tmp = path.join(path.dirname(out), `.${path.basename(out)}.${randomBytes(4).toString('hex')}.tmp`);
    let count: number;
    try {
      // Opened here, not by the stream: a folder that does not exist is refused before any work,
      // and no stream error can fire while nothing listens yet.
      const file = fs.createWriteStream(tmp, { fd: fs.openSync(tmp, 'wx') });
      count = await this.pdfs.writeGroupPdf(houseId, groupId, [], file, (done, total) => cliNote(`  ${done} of ${total} invoices`));
      fs.renameSync(tmp, out);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      if ((e as NodeJS.ErrnoException).code && (e as NodeJS.ErrnoException).syscall)
        throw new CliError(`Cannot write "${out}": ${(e as Error).message}.`);
      throw e;
    }
    cliOut(`Wrote ${count} invoice${count === 1 ? '' : 's'} of group ${groupId} to ${out}.`);
  }
}
