import { Controller, HttpCode, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { RESULTS_MAX_FILE_BYTES } from './results-csv';
import { ResultsImportService } from './results-import.service';
import { ResultsError, ResultsErrorCode } from './results.errors';

/** What multer hands over of the upload (memory storage). */
interface UploadedCsv {
  originalname: string;
  buffer: Buffer;
}

const catalogNotFound = () => new ResultsError(ResultsErrorCode.CATALOG_NOT_FOUND, 'Catalog not found.');

@ApiTags('results')
@Controller('api/catalogs/:catalogId/results')
export class ResultsImportController {
  constructor(private readonly results: ResultsImportService) {}

  /**
   * The session's lot results from a CSV file (docs/results-import.md), all rows or none. 200 with
   * the counts; 400 with every bad row (`errors: [{ line, column?, reason }]`) and nothing written;
   * 413 over 5 MB (multer stops reading); 404 for a catalog that is not the caller's house's.
   */
  @RequireAccess('accessInvoices')
  @Post('import')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: RESULTS_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } }))
  @ApiOperation({ summary: 'Import lot results (hammer, winning bidder, channel) of a session from a CSV file; ?dryRun=true only checks' })
  @ApiConsumes('multipart/form-data')
  @ApiQuery({ name: 'dryRun', required: false, description: 'true or 1: only check the file' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'CSV, UTF-8, header row required, at most 5 MB and 20,000 rows' },
      },
    },
  })
  async import(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogId', catalogNotFound) catalogId: number,
    @UploadedFile() file: UploadedCsv | undefined,
    @Query('dryRun') dryRun: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const outcome = await this.results.import(p.houseId, catalogId, file && { name: file.originalname, data: file.buffer }, {
      dryRun: dryRun === 'true' || dryRun === '1',
    });
    if (!outcome.errors.length) return outcome;
    const lines = new Set(outcome.errors.map((e) => e.line)).size;
    res.status(400);
    return {
      statusCode: 400,
      code: 'INVALID_ROWS',
      message: `${lines} row${lines === 1 ? ' has' : 's have'} errors; nothing was imported.`,
      ...outcome,
    };
  }
}
