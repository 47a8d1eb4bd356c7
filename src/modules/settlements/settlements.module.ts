import { Module } from '@nestjs/common';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { HousesModule } from '../houses/houses.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { LotsModule } from '../lots/lots.module';
import { LotConsignmentController } from './lot-consignment/lot-consignment.controller';
import { LotConsignmentService } from './lot-consignment/lot-consignment.service';
import { ConsignorsController } from './consignors/consignors.controller';
import { ConsignorsService } from './consignors/consignors.service';
import { ConsignorImportService } from './consignors/import/consignor-import.service';
import { CommissionPlansController } from './plans/commission-plans.controller';
import { CommissionPlansService } from './plans/commission-plans.service';
import { SettlementRunsService } from './settlements/settlement-runs.service';
import { SettlementsController } from './settlements/settlements.controller';
import { SettlementsService } from './settlements/settlements.service';
import { LotOverridesService } from './settlements/lot-overrides.service';
import { StatementsController } from './statements/statements.controller';
import { StatementsService } from './statements/statements.service';
import { SettlementsForSaleJob } from './settlements/settlements-for-sale.job';

/**
 * The seller's side of the money (issue 17): consignors, commission plans, settlements and their
 * payout ledger, and statements (a PDF with the invoices' layout kit, mailed through the outbox). Reads lots through LotsService and the buyer's payments through invoicing's
 * LotCollectionService, never their tables. Needs settlement access (docs/decisions/settlements.md).
 */
@Module({
  imports: [CatalogsModule, HousesModule, LotsModule, InvoicingModule],
  controllers: [ConsignorsController, CommissionPlansController, SettlementsController, StatementsController, LotConsignmentController],
  providers: [
    ConsignorsService,
    ConsignorImportService,
    CommissionPlansService,
    SettlementRunsService,
    SettlementsService,
    LotOverridesService,
    LotConsignmentService,
    StatementsService,
    SettlementsForSaleJob,
  ],
  exports: [ConsignorImportService, SettlementRunsService, SettlementsService],
})
export class SettlementsModule {}
