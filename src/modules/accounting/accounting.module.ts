import { Module } from '@nestjs/common';
import { AccountingDocumentsReader } from './accounting-documents.reader';
import { AccountingController } from './accounting.controller';
import { AccountingService } from './accounting.service';

/**
 * Accounting export (issue 17): account mapping, trial balance, QuickBooks Online and Xero files and
 * the export ledger. Reads invoicing's and settlements' tables (read-only SQL); settlement access.
 */
@Module({
  controllers: [AccountingController],
  providers: [AccountingDocumentsReader, AccountingService],
})
export class AccountingModule {}
