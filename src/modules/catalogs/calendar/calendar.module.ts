import { Module } from '@nestjs/common';
import { BiddersModule } from '../../bidders/bidders.module';
import { HousesModule } from '../../houses/houses.module';
import { InvoicingModule } from '../../invoicing/invoicing.module';
import { LotsModule } from '../../lots/lots.module';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';

/**
 * The calendar (My auctions) of the catalogs domain, as its own Nest module: it reads lot counts,
 * pending approvals and invoice groups through those modules' services, and those modules import
 * CatalogsModule, so the calendar cannot live in CatalogsModule itself (docs/decisions/sales-calendar.md).
 */
@Module({
  imports: [HousesModule, LotsModule, BiddersModule, InvoicingModule],
  controllers: [CalendarController],
  providers: [CalendarService],
})
export class CalendarModule {}
