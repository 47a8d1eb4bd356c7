import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { canReconcile, EOA_TEXT } from '@ar/rules';
import { CurrentPrincipal, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DomainError, PERMISSION_DENIED_TEXT } from '../../../core/errors/domain-error';
import { IdParam } from '../../../core/http/id-param';
import { CSV_TYPE, tableDownload, XLSX_TYPE, type DownloadFormat } from '../../../core/http/file-download';
import { eoaFileBase, eoaTable } from './eoa.export';
import { RaListQueryDto } from '../../../core/http/ra-list-query.dto';
import { EoaBuyerDto, EoaDownloadQueryDto, EoaHammerDto, EoaReportQueryDto, parseEoaLotsQuery, readBuyer, readHammer } from './eoa.input';
import { EoaService } from './eoa.service';

const lotNotFound = () => new DomainError('not_found', 'LOT_NOT_FOUND', EOA_TEXT.lotNotFound);

/**
 * Super users and users with reports access (`canReconcile`): the access guard has no "either" rule,
 * so the handlers are @SignedIn() (tenancy and CSRF checked by the guard) and check this first.
 */
function mustReconcile(p: Principal): void {
  if (!canReconcile({ isSuperUser: p.isSuperUser, accessReports: p.flags.accessReports })) {
    throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
  }
}

/**
 * End-of-auction reconciliation (issue 14; docs/decisions/eoa.md): the EOA view of a session, its
 * corrections before invoicing, and the EOA download. Amounts are integer cents.
 */
@ApiTags('reports')
@Controller('app/house/:houseRef/eoa')
export class EoaController {
  constructor(private readonly eoa: EoaService) {}

  @SignedIn()
  @Get(':catalogRef')
  @ApiOperation({
    summary:
      "The EOA view of a session: { data: { session, locked, lockedReason, totals, audit } } (totals: the whole session's; the lots come from eoa/{catalogRef}/lots). " +
      '403 without reports access (super users pass), 404 a catalogRef not of the house.',
  })
  async view(@CurrentPrincipal() p: Principal, @Param('catalogRef') catalogRef: string) {
    mustReconcile(p);
    return { data: await this.eoa.view(p.houseId, catalogRef) };
  }

  @SignedIn()
  @Get(':catalogRef/lots')
  @ApiOperation({
    summary:
      'A page of the session\'s lots, paged, sorted and filtered in the database (react-admin list query): ?range=[0,49]&sort=["lotNumber|result|paddleNumber|buyerName|channel|hammer","ASC|DESC"]' +
      '&filter={"result":"Sold|Passed","channel":"INV|PL|AZ|Floor","q":"lot number or paddle"} -> { data: { lots: [{ lotID, lotNumber, title, result, paddleNumber, buyerName, channel, hammer, premium, liveFee }], total, totals } } ' +
      '(total and totals: every lot matching the filter). 400 a bad query or filter value (errors.result | channel | q), 403, 404.',
  })
  async lots(@CurrentPrincipal() p: Principal, @Param('catalogRef') catalogRef: string, @Query() query: RaListQueryDto) {
    mustReconcile(p);
    return { data: await this.eoa.lots(p.houseId, catalogRef, parseEoaLotsQuery(query)) };
  }

  @SignedIn()
  @Get(':catalogRef/download')
  @ApiProduces(CSV_TYPE, XLSX_TYPE)
  @ApiOperation({
    summary: 'The EOA report (?format=csv|xlsx): the view as a file, columns in docs/reports.md, streamed. Same refusals as the view.',
  })
  download(@CurrentPrincipal() p: Principal, @Param('catalogRef') catalogRef: string, @Query() query: EoaDownloadQueryDto) {
    return eoaFile(this.eoa, p, catalogRef, query.format);
  }

  @SignedIn()
  @Post('lots/:lotId/hammer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Corrects a sold lot's hammer ({ hammer }): { data: { changed, lot } }. 400 errors.hammer, 403, 404 a lot not of the house, 409 a passed lot or an invoiced session.",
  })
  async hammer(@CurrentPrincipal() p: Principal, @IdParam('lotId', lotNotFound) lotId: number, @Body() body: EoaHammerDto) {
    mustReconcile(p);
    return { data: await this.eoa.correctHammer(p.houseId, p, lotId, readHammer(body.hammer)) };
  }

  @SignedIn()
  @Post('lots/:lotId/buyer')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Reassigns the lot to the bidder with that paddle in the sale ({ paddle, hammer? }; a passed lot needs a hammer and becomes sold): { data: { changed, lot } }. ' +
      '400 errors.paddle / errors.hammer, 403, 404, 409 an invoiced session.',
  })
  async buyer(@CurrentPrincipal() p: Principal, @IdParam('lotId', lotNotFound) lotId: number, @Body() body: EoaBuyerDto) {
    mustReconcile(p);
    const { paddle, hammer } = readBuyer(body);
    return { data: await this.eoa.reassignBuyer(p.houseId, p, lotId, paddle, hammer) };
  }

  @SignedIn()
  @Post('lots/:lotId/pass')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Passes a sold lot (no buyer, no hammer): { data: { changed, lot } }. 403, 404, 409 already passed or an invoiced session.',
  })
  async pass(@CurrentPrincipal() p: Principal, @IdParam('lotId', lotNotFound) lotId: number) {
    mustReconcile(p);
    return { data: await this.eoa.pass(p.houseId, p, lotId) };
  }
}

/** The EOA file of a session for a caller who may reconcile (the screen's download and the spec's eoaReports). */
async function eoaFile(eoa: EoaService, p: Principal, catalogRef: string, format: DownloadFormat): Promise<StreamableFile> {
  mustReconcile(p);
  const s = await eoa.session(p.houseId, catalogRef);
  const charging = await eoa.charging(p.houseId, s.groupId);
  return tableDownload(format, eoaFileBase(s.title), eoaTable(eoa.lotBatches(p.houseId, s.catalogId, charging)));
}

/** The spec's download call for the EOA report (spec 001: `GET eoaReports?catalogRef=`), the same file as `eoa/{catalogRef}/download`. */
@ApiTags('reports')
@Controller('app/house/:houseRef')
export class EoaReportsController {
  constructor(private readonly eoa: EoaService) {}

  @SignedIn()
  @Get('eoaReports')
  @ApiProduces(XLSX_TYPE, CSV_TYPE)
  @ApiOperation({
    summary:
      'End of Auction (?catalogRef=A&format=xlsx|csv, XLSX by default): the EOA view as a file, columns in docs/reports.md. ' +
      '400 no catalogRef, 403 without reports access (super users pass), 404 a session not of the house.',
  })
  download(@CurrentPrincipal() p: Principal, @Query() q: EoaReportQueryDto): Promise<StreamableFile> {
    return eoaFile(this.eoa, p, q.catalogRef.trim(), q.format ?? 'xlsx');
  }
}
