import { Module } from '@nestjs/common';
import { BiddersModule } from '../bidders/bidders.module';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { HousesModule } from '../houses/houses.module';
import { LotsService } from './lots.service';
import { LotResultLocks } from './results/result-locks';
import { ResultsImportController } from './results/results-import.controller';
import { ResultsImportService } from './results/results-import.service';
import { SaleResultsController } from './sale-results/sale-results.controller';
import { SaleResultsService } from './sale-results/sale-results.service';

/**
 * Lots and their results. The results import (CSV, API and CLI) lives here; modules that fix a
 * result once it is used (invoicing) register a lock with LotResultLocks. Spreadsheet import,
 * realized prices and bulk bidding build on this module. Sale results (sale-results/) read the
 * results with the invoice arithmetic's premium and live fee.
 */
@Module({
  imports: [HousesModule, CatalogsModule, BiddersModule],
  controllers: [ResultsImportController, SaleResultsController],
  providers: [LotsService, LotResultLocks, ResultsImportService, SaleResultsService],
  exports: [LotsService, LotResultLocks, ResultsImportService],
})
export class LotsModule {}
