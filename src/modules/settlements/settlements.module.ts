import { Module } from '@nestjs/common';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { LotsModule } from '../lots/lots.module';
import { ConsignorsController } from './consignors/consignors.controller';
import { ConsignorsService } from './consignors/consignors.service';
import { ConsignorImportService } from './consignors/import/consignor-import.service';
import { CommissionPlansController } from './plans/commission-plans.controller';
import { CommissionPlansService } from './plans/commission-plans.service';
import { SettlementRunsService } from './settlements/settlement-runs.service';
import { SettlementsController } from './settlements/settlements.controller';
import { SettlementsService } from './settlements/settlements.service';
import { SettlementsForSaleJob } from './settlements/settlements-for-sale.job';

/**
 * The seller's side of the money (issue 17): consignors, commission plans, settlements and their
 * payout ledger. Reads lots through LotsService and the buyer's payments through invoicing's
 * LotCollectionService, never their tables. Needs settlement access (docs/decisions/settlements.md).
 */
@Module({
  imports: [CatalogsModule, LotsModule, InvoicingModule],
  controllers: [ConsignorsController, CommissionPlansController, SettlementsController],
  providers: [
    ConsignorsService,
    ConsignorImportService,
    CommissionPlansService,
    SettlementRunsService,
    SettlementsService,
    SettlementsForSaleJob,
  ],
  exports: [ConsignorImportService, SettlementRunsService, SettlementsService],
})
export class SettlementsModule {}
