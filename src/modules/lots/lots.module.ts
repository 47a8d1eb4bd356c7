import { Module } from '@nestjs/common';
import { LotsService } from './lots.service';

/** Lots and their results. Spreadsheet import, realized prices and bulk bidding build on this module. */
@Module({ providers: [LotsService], exports: [LotsService] })
export class LotsModule {}
