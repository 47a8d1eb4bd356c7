import { Module } from '@nestjs/common';
import { BiddersService } from './bidders.service';

/** Bidders (members) and their registrations (approvals) for sales. */
@Module({ providers: [BiddersService], exports: [BiddersService] })
export class BiddersModule {}
