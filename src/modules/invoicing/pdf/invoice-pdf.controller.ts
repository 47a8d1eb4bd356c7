import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import { JobsService } from '../../../core/queue/jobs.service';
import { InvoiceIdsDto } from '../invoices/invoice-ids.dto';
import { MAX_IDS } from '../invoices/invoice-list-query';
import { invoiceGroupNotFound, invoiceNotFound, InvoicesError } from '../invoices/invoices.errors';
import { INVOICE_PDF } from './invoice-pdf.job';
import { InvoicePdfService } from './invoice-pdf.service';

const PDF = 'application/pdf';
/** A run id that is not a UUID names no stored file: the same 404 as another house's run. */
const runId = new ParseUUIDPipe({ exceptionFactory: () => DomainError.notFound('File') });

/** Invoice PDFs (issue 10): one invoice at once, a group's invoices as a job with progress. */
@ApiTags('invoices')
@Controller('app/house/:houseRef/invoiceGroup/:id')
export class InvoicePdfController {
  constructor(
    private readonly pdfs: InvoicePdfService,
    private readonly jobs: JobsService,
  ) {}

  @RequireAccess('accessInvoices')
  @Get('invoice/:invoiceId/pdf')
  @ApiProduces(PDF)
  @ApiOperation({ summary: 'One invoice of the group as a PDF download (Invoice-{number}.pdf); 404 for an invoice of another group.' })
  async invoicePdf(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @IdParam('invoiceId', invoiceNotFound) invoiceId: number,
  ): Promise<StreamableFile> {
    const { fileName, pdf } = await this.pdfs.invoicePdf(p.houseId, groupId, invoiceId);
    return new StreamableFile(pdf, { type: PDF, disposition: `attachment; filename="${fileName}"`, length: pdf.length });
  }

  @RequireAccess('accessInvoices')
  @Post('invoicePdf')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Starts the job invoice-pdf: one PDF of the named invoices of the group (empty list: every invoice), ' +
      '{ data: { jobId } }. /api/jobs/{jobId} shows progress (invoices drawn of all) and, done, { fileName, downloadUrl }.',
  })
  @ApiBody({
    description: `The invoice ids (numbers or their digits), at most ${MAX_IDS}; an empty list prints every invoice of the group`,
    schema: { type: 'array', items: { type: 'integer' }, maxItems: MAX_IDS, example: [101, 102] },
  })
  async invoicePdfBatch(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceGroupNotFound) groupId: number,
    @ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs', invalid: (f) => InvoicesError.invalid(f) }) body: InvoiceIdsDto,
  ) {
    await this.pdfs.assertGroup(p.houseId, groupId);
    const job = await this.jobs.enqueue(INVOICE_PDF, { groupId, ids: [...new Set(body.invoiceIDs)] }, { houseId: p.houseId });
    return { data: { jobId: job.id } };
  }

  @RequireAccess('accessInvoices')
  @Get('invoicePdf/:jobId/file')
  @ApiProduces(PDF)
  @ApiOperation({
    summary: "A finished invoice-pdf job's file, through the signed, expiring downloadUrl of its result; 404 otherwise.",
  })
  async invoicePdfFile(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', () => DomainError.notFound('File')) groupId: number,
    @Param('jobId', runId) jobId: string,
    @Query('expires') expires?: string,
    @Query('signature') signature?: string,
  ): Promise<StreamableFile> {
    const file = await this.pdfs.storedGroupPdf(p.houseId, groupId, jobId, expires, signature);
    return new StreamableFile(file.body, { type: PDF, disposition: `attachment; filename="${file.fileName}"`, length: file.size });
  }
}
