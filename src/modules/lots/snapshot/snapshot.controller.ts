import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { SNAPSHOT_MAX_IMAGES } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { IdParam } from '../../../core/http/id-param';
import { JobsService } from '../../../core/queue/jobs.service';
import { LotSheetError } from '../spreadsheets/lot-sheet.errors';
import { SNAPSHOT_QUERY_TEXT, SnapshotQueryDto } from './dto/snapshot-query.dto';
import { CATALOG_SNAPSHOT } from './snapshot.job';
import { SnapshotService } from './snapshot.service';

const ZIP = 'application/zip';
const sessionNotFound = () => LotSheetError.sessionNotFound();
/** A run id that is not a UUID names no stored file: the same 404 as another house's run. */
const runId = new ParseUUIDPipe({ exceptionFactory: () => DomainError.notFound('File') });

/**
 * Catalog snapshot (spec 001 section 7 "Snapshot"; the upload step's download). Behind accessCalendar
 * like the upload step (the admin shows the Catalog Snapshot page to super users only, as the spec's
 * menu rule). Decisions: docs/decisions/lot-snapshot.md.
 */
@ApiTags('lots')
@RequireAccess('accessCalendar')
@Controller('cps/app/snapshot')
export class SnapshotController {
  constructor(
    private readonly snapshots: SnapshotService,
    private readonly jobs: JobsService,
  ) {}

  @Get(':catalogId/lot-data')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Starts the job catalog-snapshot: a zip of the lot data (Standard .xlsx) and the images, { data: { jobId } }. ' +
      '/api/jobs/{jobId} shows progress and, done, { fileName, downloadUrl, lots, images, skippedImages, size }.',
  })
  async start(@CurrentPrincipal() p: Principal, @IdParam('catalogId', sessionNotFound) catalogId: number, @Query() q: SnapshotQueryDto) {
    const startImage = q.startImage ?? 0;
    const endImage = q.endImage ?? SNAPSHOT_MAX_IMAGES;
    if (endImage < startImage) throw DomainError.validation({ endImage: SNAPSHOT_QUERY_TEXT.range }, SNAPSHOT_QUERY_TEXT.range);
    await this.snapshots.assertSession(p.houseId, catalogId);
    const job = await this.jobs.enqueue(
      CATALOG_SNAPSHOT,
      { catalogId, includeXls: q.includeXLS !== 'false', images: q.images === '1', startImage, endImage },
      { houseId: p.houseId },
    );
    return { data: { jobId: job.id } };
  }

  @Get(':catalogId/lot-data/:jobId/file')
  @ApiProduces(ZIP)
  @ApiOperation({
    summary: "A finished catalog-snapshot job's zip, through the signed, expiring downloadUrl of its result; 404 otherwise.",
  })
  async file(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogId', () => DomainError.notFound('File')) catalogId: number,
    @Param('jobId', runId) jobId: string,
    @Query('expires') expires?: string,
    @Query('signature') signature?: string,
  ): Promise<StreamableFile> {
    const file = await this.snapshots.stored(p.houseId, catalogId, jobId, expires, signature);
    return new StreamableFile(file.body, { type: ZIP, disposition: `attachment; filename="${file.fileName}"`, length: file.size });
  }
}
