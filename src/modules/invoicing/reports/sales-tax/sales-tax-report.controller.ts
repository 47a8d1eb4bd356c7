import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { SalesTaxReportQueryDto } from './sales-tax-report-query.dto';
import { SalesTaxReportService } from './sales-tax-report.service';

/**
 * Sales Tax Reports (spec 001: GET /app/house/{houseRef}/salesTaxReport -> data.houseSalesTaxReport;
 * docs/decisions/sales-tax-report.md). Reports access, and a house whose processor type is p; 403
 * with the spec's permission text otherwise.
 */
@ApiTags('reports')
@Controller('app/house/:houseRef')
export class SalesTaxReportController {
  constructor(private readonly reports: SalesTaxReportService) {}

  @RequireAccess('accessReports')
  @Get('salesTaxReport')
  @ApiOperation({
    summary:
      'Sales tax collected per month and US state (payments minus refunds, each carrying its invoice tax share), filtered by year, month and state, ' +
      'sorted and paged in the database. { data: { houseSalesTaxReport: [{ id, startDate, maxDate, stateCode, stateName, salesAmount, salesAmountCents, ' +
      'taxAmount, taxAmountCents }], totalRecords, totals: { salesAmount, salesAmountCents, taxAmount, taxAmountCents }, currencyCode, page, size } }. ' +
      '400 bad parameter, 403 no reports access or processor type not p.',
  })
  async report(@CurrentPrincipal() p: Principal, @Query() query: SalesTaxReportQueryDto) {
    return { data: await this.reports.report(p.houseId, query) };
  }
}
