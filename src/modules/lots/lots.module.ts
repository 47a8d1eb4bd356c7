import { Module } from '@nestjs/common';
import { BiddersModule } from '../bidders/bidders.module';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { LotsService } from './lots.service';
import { LotResultLocks } from './results/result-locks';
import { ResultsImportController } from './results/results-import.controller';
import { ResultsImportService } from './results/results-import.service';

/**
 * Lots and their results. The results import (CSV, API and CLI) lives here; modules that fix a
 * result once it is used (invoicing) register a lock with LotResultLocks. Spreadsheet import,
 * realized prices and bulk bidding build on this module.
 */
@Module({
  imports: [CatalogsModule, BiddersModule],
  controllers: [ResultsImportController],
  providers: [LotsService, LotResultLocks, ResultsImportService],
  exports: [LotsService, LotResultLocks, ResultsImportService],
})
export class LotsModule {}
