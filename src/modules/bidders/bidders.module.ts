import { Module } from '@nestjs/common';
import { HousesModule } from '../houses/houses.module';
import { BiddersService } from './bidders.service';
import { CustomersController } from './customers/customers.controller';
import { CustomersService } from './customers/customers.service';

/** Bidders (members) and their registrations (approvals) for sales; the house's customers (Your Customers). */
@Module({
  imports: [HousesModule],
  controllers: [CustomersController],
  providers: [BiddersService, CustomersService],
  exports: [BiddersService],
})
export class BiddersModule {}
