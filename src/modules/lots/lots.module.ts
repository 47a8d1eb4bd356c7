import { Module } from '@nestjs/common';
import { BiddersModule } from '../bidders/bidders.module';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { HousesModule } from '../houses/houses.module';
import { LotsService } from './lots.service';
import { LotEditingController } from './lot-editing/lot-editing.controller';
import { LotEditingService } from './lot-editing/lot-editing.service';
import { PublishingController } from './publishing/publishing.controller';
import { PublishingService } from './publishing/publishing.service';
import { SessionSummaryService } from './publishing/session-summary.service';
import { EoaController, EoaReportsController } from './eoa/eoa.controller';
import { EoaService } from './eoa/eoa.service';
import { LotResultLocks } from './results/result-locks';
import { ResultsImportController } from './results/results-import.controller';
import { ResultsImportService } from './results/results-import.service';
import { SaleResultsController } from './sale-results/sale-results.controller';
import { SaleResultsService } from './sale-results/sale-results.service';
import { BidAdminController } from './timed-bidding/bid-admin.controller';
import { BidAdminService } from './timed-bidding/bid-admin.service';
import { BidLadders } from './timed-bidding/bid-ladders';
import { BidPlacementService } from './timed-bidding/bid-placement.service';
import { LotClosingRunHandler } from './timed-bidding/lot-closing.job';
import { LotClosingService } from './timed-bidding/lot-closing.service';
import { LotClosingTasks } from './timed-bidding/lot-closing.tasks';
import { ResellRunHandler } from './resell/resell.job';
import { ResellService } from './resell/resell.service';
import { ResellTasks } from './resell/resell.tasks';
import { LotSheetController } from './spreadsheets/lot-sheet.controller';
import { LotSheetService } from './spreadsheets/lot-sheet.service';
import { LotSheetUploadJob } from './spreadsheets/lot-sheet-upload.job';
import { RealizedPricesController } from './realized-prices/realized-prices.controller';
import { RealizedPricesService } from './realized-prices/realized-prices.service';
import { UploadReviewController, UploadRowsController } from './upload-review/upload-review.controller';
import { UploadReviewService } from './upload-review/upload-review.service';
import { LotImageEditsController } from './images/lot-image-edits.controller';
import { LotImageEditsService } from './images/lot-image-edits.service';
import { LotImagesController } from './images/lot-images.controller';
import { ImageUploadSweepService } from './images/image-upload-sweep.service';
import { ImageUploadSweepTasks } from './images/image-upload-sweep.tasks';
import { LotImagesService } from './images/lot-images.service';
import { SnapshotController } from './snapshot/snapshot.controller';
import { SnapshotHandler } from './snapshot/snapshot.handler';
import { SnapshotService } from './snapshot/snapshot.service';

/**
 * Lots and their results. The results import (CSV, API and CLI) lives here; modules that fix a
 * result once it is used (invoicing) register a lock with LotResultLocks. The Lot page (add, edit,
 * delete one lot) is lot-editing/. Sale results (sale-results/) read the results with the invoice
 * arithmetic's premium and live fee. Timed bidding (timed-bidding/: proxy bids, bulk bidding
 * calls, lots closing) writes results here too. End-of-auction reconciliation (eoa/) corrects results
 * before invoicing, with an audit trail. Lot spreadsheets (spreadsheets/) read .csv/.xls/.xlsx
 * uploads (large ones as a job) for the review list (staged in upload-review/) and save the reviewed
 * lots. Bulk images (images/) are signed, PUT, checked, sized with sharp and registered to their
 * lots; slots never registered are swept hourly. Edit Realized
 * Prices (realized-prices/) reads sheets with the same reader and writes the published realized price,
 * never the hammer. Catalog snapshots (snapshot/) zip the lots as a Standard .xlsx (spreadsheets/sheet-export.ts)
 * with their images, as a job.
 */
@Module({
  imports: [HousesModule, CatalogsModule, BiddersModule],
  // Before LotEditingController: fixed `catalog/{id}/{word}` paths must win over `/{lotNumber}`.
  controllers: [
    ResultsImportController,
    SaleResultsController,
    EoaController,
    EoaReportsController,
    PublishingController,
    LotSheetController,
    RealizedPricesController,
    UploadReviewController,
    UploadRowsController,
    LotImagesController,
    SnapshotController,
    LotImageEditsController,
    LotEditingController,
    BidAdminController,
  ],
  providers: [
    LotsService,
    LotResultLocks,
    ResultsImportService,
    SaleResultsService,
    EoaService,
    LotEditingService,
    SessionSummaryService,
    PublishingService,
    BidLadders,
    BidPlacementService,
    BidAdminService,
    LotClosingService,
    LotClosingRunHandler,
    LotClosingTasks,
    ResellService,
    ResellRunHandler,
    ResellTasks,
    LotSheetService,
    LotSheetUploadJob,
    RealizedPricesService,
    UploadReviewService,
    LotImagesService,
    ImageUploadSweepService,
    ImageUploadSweepTasks,
    SnapshotService,
    SnapshotHandler,
    LotImageEditsService,
  ],
  exports: [LotsService, LotResultLocks, ResultsImportService, BidPlacementService, LotClosingService, LotSheetService, LotImagesService],
})
export class LotsModule {}
