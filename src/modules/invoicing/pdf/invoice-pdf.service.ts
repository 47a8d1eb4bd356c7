import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PassThrough, Readable, Writable } from 'node:stream';
import type { InvoicePreview } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';
import { UrlSigner } from '../../../core/storage/signed-url';
import { HousesService } from '../../houses/houses.service';
import { renderInvoicesPdf, renderInvoicesPdfStream } from '../documents/invoice-pdf';
import { InvoicesError } from '../invoices/invoices.errors';
import { InvoicePreviewService } from '../preview/invoice-preview.service';
import { INVOICE_PDF, InvoicePdfResult } from './invoice-pdf.job';

/** Invoices read and drawn per step of a batch: never more previews than this in memory at once. */
export const INVOICE_PDF_BATCH = 50;
/** How long a batch PDF's download link works. */
export const INVOICE_PDF_URL_TTL_MS = 60 * 60 * 1000;

export type PdfProgress = (done: number, total: number) => Promise<void> | void;

/** `Invoice-{number}.pdf`, the single invoice's download name. */
export const invoicePdfName = (invoiceNumber: number): string => `Invoice-${invoiceNumber}.pdf`;
/** `invoices-group-{id}.pdf`, the batch's download name (and the CLI's default file). */
export const groupPdfName = (groupId: number): string => `invoices-group-${groupId}.pdf`;

/** Where a batch run's file is stored: house-scoped, named after the group and the run. */
export const groupPdfKey = (houseId: number, groupId: number, runId: string): string =>
  `house/${houseId}/invoice-pdf/group-${groupId}/${runId}.pdf`;

/**
 * Invoice PDFs (issue 10): one invoice to download, or many invoices of a group in one file, drawn
 * from `InvoicePreviewService` (the same document as the preview and the mail) by
 * `documents/invoice-pdf.ts`. Batches read and draw INVOICE_PDF_BATCH invoices at a time and stream
 * the bytes out (to storage or a file), so a group of thousands never sits in memory.
 */
@Injectable()
export class InvoicePdfService {
  constructor(
    private readonly em: EntityManager,
    private readonly previews: InvoicePreviewService,
    private readonly houses: HousesService,
    private readonly signer: UrlSigner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** One invoice of the group as a PDF; 404 for another group's or house's invoice, or an unknown group. */
  async invoicePdf(houseId: number, groupId: number, invoiceId: number): Promise<{ fileName: string; pdf: Buffer }> {
    const [preview] = await this.previews.previews(houseId, groupId, [invoiceId]);
    if (!preview) throw InvoicesError.invoiceNotFound();
    return { fileName: invoicePdfName(preview.invoiceNumber), pdf: await renderInvoicesPdf([preview]) };
  }

  /**
   * Deletes the files of batch runs finished more than `olderThanHours` ago (their links expired
   * long before) and marks each run, so a file is deleted once. Answers how many went.
   */
  async deleteOldBatchFiles(olderThanHours = 24): Promise<number> {
    const conn = this.em.getConnection();
    const runs = await conn.execute<{ id: string; house_id: number; group_id: number }[]>(
      `select id, house_id, (payload->>'groupId')::int as group_id from job_run
        where queue = 'invoicing' and name = ? and status = 'completed' and house_id is not null
          and finished_at < now() - make_interval(hours => ?) and result->>'fileDeletedAt' is null
        order by finished_at limit 500`,
      [INVOICE_PDF.name, olderThanHours],
    );
    for (const r of runs) {
      await this.storage.delete(groupPdfKey(r.house_id, r.group_id, r.id));
      await conn.execute(`update job_run set result = result || jsonb_build_object('fileDeletedAt', now()) where id = ?`, [r.id]);
    }
    return runs.length;
  }

  /** Refuses an unknown group (or another house's) with the group details' 404. */
  async assertGroup(houseId: number, groupId: number): Promise<void> {
    const rows = await this.em.getConnection().execute('select 1 from invoice_group where id = ? and house_id = ?', [groupId, houseId]);
    if (!rows.length) throw InvoicesError.groupNotFound();
  }

  /** The house of a group (the CLI names only the group); null: no such group. */
  async houseOfGroup(groupId: number): Promise<number | null> {
    const rows = await this.em.getConnection().execute('select house_id from invoice_group where id = ?', [groupId]);
    return rows.length ? Number(rows[0].house_id) : null;
  }

  /**
   * The invoice ids a batch prints: those asked that belong to the group, in the order asked, each
   * once; none asked: every invoice of the group by invoice number.
   */
  async batchIds(houseId: number, groupId: number, ids: readonly number[]): Promise<number[]> {
    await this.assertGroup(houseId, groupId);
    const conn = this.em.getConnection();
    if (!ids.length) {
      const rows: { id: number }[] = await conn.execute(
        'select id from invoice where house_id = ? and group_id = ? order by invoice_number, id',
        [houseId, groupId],
      );
      return rows.map((r) => Number(r.id));
    }
    const asked = [...new Set(ids)];
    const rows: { id: number }[] = await conn.execute('select id from invoice where house_id = ? and group_id = ? and id = any(?::int[])', [
      houseId,
      groupId,
      `{${asked.join(',')}}`,
    ]);
    const found = new Set(rows.map((r) => Number(r.id)));
    return asked.filter((id) => found.has(id));
  }

  /** Writes the PDF of the invoices to `out`, INVOICE_PDF_BATCH at a time, reporting invoices drawn of all. */
  async writeGroupPdf(houseId: number, groupId: number, ids: readonly number[], out: Writable, onProgress?: PdfProgress): Promise<number> {
    const all = await this.batchIds(houseId, groupId, ids);
    await onProgress?.(0, all.length);
    await renderInvoicesPdfStream(this.batches(houseId, groupId, all, onProgress), out);
    return all.length;
  }

  /**
   * The batch job's work: the PDF streamed into FileStorage under the run's key, and the signed,
   * expiring link of `GET .../invoicePdf/{runId}/file`.
   */
  async storeGroupPdf(
    houseId: number,
    groupId: number,
    ids: readonly number[],
    runId: string,
    onProgress?: PdfProgress,
  ): Promise<InvoicePdfResult> {
    const house = await this.houses.getById(houseId);
    const key = groupPdfKey(houseId, groupId, runId);
    const pipe = new PassThrough();
    const stored = this.storage.put(key, pipe, 'application/pdf');
    stored.catch(() => undefined);
    let invoices: number;
    try {
      invoices = await this.writeGroupPdf(houseId, groupId, ids, pipe, onProgress);
    } catch (e) {
      pipe.destroy(e instanceof Error ? e : new Error(String(e)));
      throw e;
    }
    const { size } = await stored;
    const signed = this.signer.sign('GET', key, new Date(Date.now() + INVOICE_PDF_URL_TTL_MS));
    const query = new URLSearchParams(signed.slice(signed.indexOf('?') + 1));
    const downloadUrl =
      `/app/house/${encodeURIComponent(house.houseRef)}/invoiceGroup/${groupId}/invoicePdf/${runId}/file` +
      `?expires=${query.get('expires')}&signature=${query.get('signature')}`;
    return { fileName: groupPdfName(groupId), downloadUrl, invoices, size };
  }

  /** The stored file of a batch run, when the signed link is valid for this house, group and run; else 404. */
  async storedGroupPdf(
    houseId: number,
    groupId: number,
    runId: string,
    expires: string | undefined,
    signature: string | undefined,
  ): Promise<{ fileName: string; body: Readable; size: number }> {
    const key = groupPdfKey(houseId, groupId, runId);
    const file = this.signer.verify('GET', key, expires, signature) ? await this.storage.get(key) : null;
    if (!file) throw DomainError.notFound('File');
    return { fileName: groupPdfName(groupId), body: file.body, size: file.size };
  }

  private async *batches(houseId: number, groupId: number, ids: number[], onProgress?: PdfProgress): AsyncGenerator<InvoicePreview> {
    for (let i = 0; i < ids.length; i += INVOICE_PDF_BATCH) {
      const previews = await this.previews.previews(houseId, groupId, ids.slice(i, i + INVOICE_PDF_BATCH));
      for (const p of previews) yield p;
      // Reported once the batch's invoices are drawn (the generator resumes when the renderer asks for more).
      await onProgress?.(Math.min(i + INVOICE_PDF_BATCH, ids.length), ids.length);
    }
  }
}
