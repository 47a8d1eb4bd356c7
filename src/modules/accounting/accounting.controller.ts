import { Body, Controller, Get, HttpCode, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../core/auth/access.decorators';
import { Principal } from '../../core/auth/principal';
import type { TrialBalance } from './journal';
import { CSV_TYPE, tableDownload } from '../../core/http/file-download';
import { IdParam } from '../../core/http/id-param';
import { AccountingService, type AccountsView, type ExportResult } from './accounting.service';
import { AccountMappingDto, CreateExportDto, DateRangeDto, ExportFileQueryDto } from './dto/accounting.dto';

/** `/api/accounting`: the house's account mapping, the trial balance of a range, exports. Settlement access, as settlements. */
@ApiTags('accounting')
@RequireAccess('accessSettlement')
@Controller('api/accounting')
export class AccountingController {
  constructor(private readonly accounting: AccountingService) {}

  @Get('accounts')
  @ApiOperation({ summary: "The house's account mapping (empty codes and mapped=false until saved)" })
  accounts(@CurrentPrincipal() p: Principal): Promise<AccountsView> {
    return this.accounting.accounts(p.houseId);
  }

  @Put('accounts')
  @ApiOperation({ summary: 'Saves the account mapping (every account required, at most 60 characters)' })
  saveAccounts(@CurrentPrincipal() p: Principal, @Body() dto: AccountMappingDto): Promise<AccountsView> {
    return this.accounting.saveAccounts(p.houseId, p.userId, dto);
  }

  @Get('trial-balance')
  @ApiOperation({ summary: 'Trial balance of a date range (every document, exported or not)' })
  trialBalance(@CurrentPrincipal() p: Principal, @Query() q: DateRangeDto): Promise<TrialBalance> {
    return this.accounting.trialBalance(p.houseId, q.from, q.to);
  }

  @Get('exports')
  @ApiOperation({ summary: 'The export ledger, newest first (50)' })
  exports(@CurrentPrincipal() p: Principal) {
    return this.accounting.exports(p.houseId);
  }

  @Post('exports')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Records a range as a QuickBooks Online or Xero export and answers its four files to download; 409 when everything was already exported',
  })
  export(@CurrentPrincipal() p: Principal, @Body() dto: CreateExportDto): Promise<ExportResult> {
    return this.accounting.export(p.houseId, p.userId, dto);
  }

  @Get('exports/:id/download')
  @ApiProduces(CSV_TYPE)
  @ApiOperation({
    summary: "One of an export's files (file=invoices|bills|payments|payouts) as a streamed CSV attachment; 404 another house's export",
  })
  async download(@CurrentPrincipal() p: Principal, @IdParam() id: number, @Query() q: ExportFileQueryDto): Promise<StreamableFile> {
    const f = await this.accounting.download(p.houseId, id, q.file);
    return tableDownload('csv', f.fileBase, f.table);
  }
}
