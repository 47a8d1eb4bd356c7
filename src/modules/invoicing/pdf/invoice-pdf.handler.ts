import { Injectable } from '@nestjs/common';
import { JobContext } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { INVOICE_PDF, InvoicePdfPayload, InvoicePdfResult } from './invoice-pdf.job';
import { InvoicePdfService } from './invoice-pdf.service';

/** Thin: the batch PDF with the run's progress (invoices drawn of all). */
@Injectable()
export class InvoicePdfHandler {
  constructor(private readonly pdfs: InvoicePdfService) {}

  @JobHandler(INVOICE_PDF)
  async run(ctx: JobContext<InvoicePdfPayload>): Promise<InvoicePdfResult> {
    const groupId = Number(ctx.payload?.groupId);
    const ids = Array.isArray(ctx.payload?.ids) ? ctx.payload.ids.map(Number) : [];
    if (ctx.houseId === null || !Number.isSafeInteger(groupId) || !ids.every(Number.isSafeInteger))
      throw new Error('An invoice-pdf job needs a house, a group id and invoice ids.');
    return this.pdfs.storeGroupPdf(ctx.houseId, groupId, ids, ctx.runId, (done, total) =>
      ctx.progress(done, total, `${done} of ${total} invoices`),
    );
  }
}
