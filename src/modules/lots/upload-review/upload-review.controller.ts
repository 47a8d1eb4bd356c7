import { Body, Controller, Delete, Get, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { IdParam } from '../../../core/http/id-param';
import { contentRange, parseRaListQuery } from '../../../core/http/ra-list-query';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { idFromNumber } from '../../../core/validation/int4';
import { LotSheetError } from '../spreadsheets/lot-sheet.errors';
import { UploadRowDto } from './dto/upload-row.dto';
import { UploadReviewError } from './upload-review.errors';
import { UploadReviewService, type UploadRowView } from './upload-review.service';

const rowNotFound = () => UploadReviewError.rowNotFound();
const sessionNotFound = () => LotSheetError.sessionNotFound();

/**
 * `/api/lot-upload-rows`: the upload-items review list for react-admin (ra-data-simple-rest):
 * list (paged, error filter), edit, delete (delete-selected is parallel deletes). Behind
 * accessCalendar like the upload; another house's rows and sessions are 404s.
 */
@ApiTags('lots')
@RequireAccess('accessCalendar')
@Controller('api/lot-upload-rows')
export class UploadRowsController {
  constructor(private readonly review: UploadReviewService) {}

  @Get()
  @ApiOperation({ summary: 'Staged rows in sheet order: filter={"catalogId": id (required), "hasError": true}; total in Content-Range' })
  async getList(
    @CurrentPrincipal() p: Principal,
    @Query() query: RaListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UploadRowView[]> {
    const q = parseRaListQuery(query, { sortable: ['row', 'id'], defaultLimit: 50 });
    const catalogId = idFromNumber(q.filter.catalogId);
    if (catalogId === null) throw new DomainError('bad_request', 'BAD_QUERY', 'Query parameter filter must name a catalogId.');
    if (q.filter.hasError !== undefined && typeof q.filter.hasError !== 'boolean')
      throw new DomainError('bad_request', 'BAD_QUERY', 'Filter hasError must be true or false.');
    const { rows, total } = await this.review.page(p.houseId, catalogId, {
      onlyErrors: q.filter.hasError === true,
      offset: q.offset,
      limit: q.limit,
    });
    res.setHeader('Content-Range', contentRange('lot-upload-rows', q.offset, rows.length, total));
    return rows;
  }

  @Get(':id')
  getOne(@CurrentPrincipal() p: Principal, @IdParam('id', rowNotFound) id: number): Promise<UploadRowView> {
    return this.review.get(p.houseId, id);
  }

  @Put(':id')
  @ApiOperation({ summary: "Edit a staged lot (the Lot page's rules and messages); every row's errors are rechecked" })
  update(@CurrentPrincipal() p: Principal, @IdParam('id', rowNotFound) id: number, @Body() dto: UploadRowDto): Promise<UploadRowView> {
    return this.review.edit(p.houseId, id, dto);
  }

  @Delete(':id')
  @ApiOperation({ summary: "Delete a staged lot; every remaining row's errors are rechecked" })
  remove(@CurrentPrincipal() p: Principal, @IdParam('id', rowNotFound) id: number): Promise<UploadRowView> {
    return this.review.remove(p.houseId, id);
  }
}

/**
 * The whole staged upload of a session: read (what Continue sends to `lots/update`, in the spec's
 * `{ lots }` shape) and discard ("Go Back & Upload Items Again").
 */
@ApiTags('lots')
@RequireAccess('accessCalendar')
@Controller('cps/app/catalog')
export class UploadReviewController {
  constructor(private readonly review: UploadReviewService) {}

  @Get(':catalogID/lots/upload')
  @ApiOperation({ summary: 'The staged lots of the last upload (id = sheet row) and the errors left' })
  async all(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    const { lots, errors } = await this.review.all(p.houseId, catalogId);
    return { data: { lots }, errors };
  }

  @Delete(':catalogID/lots/upload')
  @ApiOperation({ summary: 'Discard the staged upload (Go Back & Upload Items Again)' })
  async clear(@CurrentPrincipal() p: Principal, @IdParam('catalogID', sessionNotFound) catalogId: number) {
    return { data: { deleted: await this.review.clear(p.houseId, catalogId) } };
  }
}
