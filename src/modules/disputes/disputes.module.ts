import { Module } from '@nestjs/common';
import { HousesModule } from '../houses/houses.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { DisputesController } from './disputes.controller';
import { DisputesQueries } from './disputes.queries';
import { DisputesService } from './disputes.service';
import { DisputesTasks } from './disputes.tasks';
import { NoBidListController } from './no-bid-list/no-bid-list.controller';
import { NoBidListService } from './no-bid-list/no-bid-list.service';

/**
 * Disputes on sold lots (spec 001 "Open New File", "Disputes"). Other modules ask DisputesQueries
 * which lots are disputed (`disputedLots`), e.g. settlements holding back a disputed lot. The house's
 * No Bid List (which closing a dispute fills) is here too.
 */
@Module({
  imports: [HousesModule, InvoicingModule],
  controllers: [DisputesController, NoBidListController],
  providers: [DisputesService, DisputesQueries, DisputesTasks, NoBidListService],
  exports: [DisputesQueries],
})
export class DisputesModule {}
