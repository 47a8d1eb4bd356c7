import { Module } from '@nestjs/common';
import { HousesModule } from '../houses/houses.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { DisputesController } from './disputes.controller';
import { DisputesQueries } from './disputes.queries';
import { DisputesService } from './disputes.service';
import { DisputesTasks } from './disputes.tasks';

/**
 * Disputes on sold lots (spec 001 "Open New File", "Disputes"). Other modules ask DisputesQueries
 * which lots are disputed (`disputedLots`), e.g. settlements holding back a disputed lot.
 */
@Module({
  imports: [HousesModule, InvoicingModule],
  controllers: [DisputesController],
  providers: [DisputesService, DisputesQueries, DisputesTasks],
  exports: [DisputesQueries],
})
export class DisputesModule {}
