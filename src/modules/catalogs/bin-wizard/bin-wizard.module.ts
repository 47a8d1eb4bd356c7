import { Module } from '@nestjs/common';
import { SessionWizardModule } from '../session-wizard/session-wizard.module';
import { BinSaleController } from './bin-sale.controller';
import { BinSaleService } from './bin-sale.service';

/** The buy-now (bin) wizard's step 1 calls (docs/decisions/bin-wizard.md); steps 2-5 reuse the upload, preview and summary calls. */
@Module({ imports: [SessionWizardModule], controllers: [BinSaleController], providers: [BinSaleService] })
export class BinWizardModule {}
