import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CATALOG_FILE } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { idFromPath } from '../../../core/validation/int4';
import { LotsUpdateDto, SheetUploadDto } from './dto/lots-update.dto';
import { CatalogFileTooLargeFilter } from './catalog-file-too-large.filter';
import { LotSheetError } from './lot-sheet.errors';
import { LotSheetService } from './lot-sheet.service';
import { LotSheetUploadJob, SHEET_JOB_MIN_BYTES } from './lot-sheet-upload.job';
import { modelSpreadsheet, tipSheetHtml } from './sheet-guide';
import { UploadReviewService } from '../upload-review/upload-review.service';
import type { SheetFormat } from './sheet-columns';

interface UploadedSheet {
  originalname: string;
  buffer: Buffer;
}

const sessionNotFound = () => LotSheetError.sessionNotFound();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The upload-items step's calls (spec 001 section 7 "Bin step 2 and live/timed upload step"),
 * behind accessCalendar like the Lot page. Answers: 200 `{ data: { lots }, warnings, errors: [] }`;
 * with row errors 400 and the same shape (the review list marks the rows); with a breaking error
 * (108, 166) 400 and no lots. An upload replaces the session's staged review rows (upload-review/);
 * a successful save clears them. A file of SHEET_JOB_MIN_BYTES or more answers 202 with a job
 * (lot-sheet-upload.job.ts). Decisions: docs/decisions/lot-spreadsheets.md, upload-items.md.
 */
@ApiTags('lots')
@RequireAccess('accessCalendar')
@Controller('cps/app')
export class LotSheetController {
  constructor(
    private readonly sheets: LotSheetService,
    private readonly review: UploadReviewService,
    private readonly uploadJob: LotSheetUploadJob,
  ) {}

  @Get('spreadsheet/model')
  @ApiProduces(XLSX)
  @ApiOperation({ summary: 'The model Standard spreadsheet: the header, one example lot, and the column rules on a second sheet' })
  async model(): Promise<StreamableFile> {
    const data = await modelSpreadsheet();
    return new StreamableFile(data, { type: XLSX, disposition: 'attachment; filename="lot-spreadsheet-model.xlsx"', length: data.length });
  }

  @Get('spreadsheet/tip-sheet')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiProduces('text/html')
  @ApiOperation({ summary: 'The tip sheet: every column of the Standard and Auction Flex formats and its rule, as a page' })
  tipSheet(): string {
    return tipSheetHtml();
  }

  @Post(['spreadsheet/csv/bin', 'spreadsheet/csv/artfact', 'spreadsheet/csv/auctionflex'])
  @HttpCode(200)
  @UseFilters(CatalogFileTooLargeFilter)
  @UseInterceptors(FileInterceptor('fileData', { limits: { fileSize: CATALOG_FILE.maxBytes, files: 1, fields: 6, parts: 7 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Read and check a lot spreadsheet (.csv, .xls, .xlsx) for the review list; writes no lot. A large file answers 202 ' +
      '{ data: { jobId, lots: [] } }; /api/jobs/{jobId} shows progress and ends with { status, body } (body without the lots)',
  })
  async upload(
    @CurrentPrincipal() p: Principal,
    @Req() req: Request,
    @Body() body: SheetUploadDto,
    @UploadedFile() file: UploadedSheet | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    // Three literal paths (no path parameter): the last segment names the format.
    const kind = req.path.split('/').pop();
    const catalogId = idFromPath(body.catalogID);
    if (catalogId === null) throw sessionNotFound();
    const format: SheetFormat =
      kind === 'auctionflex' || (kind === 'bin' && body.csvType?.toLowerCase() === 'auctionflex') ? 'auctionflex' : 'standard';
    if (file && file.buffer.length >= SHEET_JOB_MIN_BYTES) {
      const job = await this.uploadJob.enqueue(p.houseId, catalogId, { name: file.originalname, data: file.buffer }, format);
      res.status(202);
      return { data: { lots: [], jobId: job.id }, warnings: [], errors: [] };
    }
    const out = await this.sheets.upload(p.houseId, catalogId, file && { name: file.originalname, data: file.buffer }, format);
    // The review list reads the lots back from the staging rows (none after a breaking error).
    await this.review.stage(p.houseId, catalogId, out.lots, out.errors);
    if (out.errors.length) res.status(400);
    return { data: { lots: out.lots }, warnings: out.warnings, errors: out.errors };
  }

  @Post('catalog/:catalogID/lots/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the reviewed lots of an upload: all or none' })
  async update(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Body() body: LotsUpdateDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    // Saved: the staged upload is done with, in the same transaction.
    const out = await this.sheets.save(p.houseId, catalogId, body.lots, undefined, (em) => this.review.clearIn(em, p.houseId, catalogId));
    if (out.errors.length) {
      // Refused: the staged review rows show the same errors (the session's lots may have changed since).
      await this.review.recheckAll(p.houseId, catalogId);
      res.status(400);
    }
    return {
      data: { success: out.errors.length === 0, created: out.created, updated: out.updated },
      warnings: out.warnings,
      errors: out.errors,
    };
  }
}
