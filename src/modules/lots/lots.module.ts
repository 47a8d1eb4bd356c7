import { Module } from '@nestjs/common';
import { BiddersModule } from '../bidders/bidders.module';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { HousesModule } from '../houses/houses.module';
import { LotsService } from './lots.service';
import { LotEditingController } from './lot-editing/lot-editing.controller';
import { LotEditingService } from './lot-editing/lot-editing.service';
import { LotResultLocks } from './results/result-locks';
import { ResultsImportController } from './results/results-import.controller';
import { ResultsImportService } from './results/results-import.service';
import { SaleResultsController } from './sale-results/sale-results.controller';
import { SaleResultsService } from './sale-results/sale-results.service';
import { LotSheetController } from './spreadsheets/lot-sheet.controller';
import { LotSheetService } from './spreadsheets/lot-sheet.service';

/**
 * Lots and their results. The results import (CSV, API and CLI) lives here; modules that fix a
 * result once it is used (invoicing) register a lock with LotResultLocks. The Lot page (add, edit,
 * delete one lot) is lot-editing/. Sale results (sale-results/) read the results with the invoice
 * arithmetic's premium and live fee. Lot spreadsheets (spreadsheets/) read
 * .csv/.xlsx uploads for the review list and save the reviewed lots. Realized prices and bulk
 * bidding build on this module.
 */
@Module({
  imports: [HousesModule, CatalogsModule, BiddersModule],
  controllers: [ResultsImportController, SaleResultsController, LotEditingController, LotSheetController],
  providers: [LotsService, LotResultLocks, ResultsImportService, SaleResultsService, LotEditingService, LotSheetService],
  exports: [LotsService, LotResultLocks, ResultsImportService, LotSheetService],
})
export class LotsModule {}
