import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNTING_ACCOUNTS, ACCOUNTING_TEXT, accountMappingErrors, type AccountMapping, type ExportFormat } from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';
import { AccountingDocumentsReader } from './accounting-documents.reader';
import { AccountingExport, AccountingExportItem, HouseAccounting } from './accounting.entities';
import { AccountingError, AccountingErrorCode } from './accounting.errors';
import { allDocs } from './documents';
import type { ExportFile } from './formats/format-kit';
import { quickbooksFiles } from './formats/quickbooks';
import { xeroFiles } from './formats/xero';
import { trialBalance, type TrialBalance } from './journal';

/** Namespace of the per-house advisory lock that serialises exports ('ACX'). */
const EXPORT_LOCK_NS = 0x414358;
const MAX_DAYS = 366;

export interface AccountsView extends AccountMapping {
  mapped: boolean;
}

export interface ExportResult {
  id: number;
  format: ExportFormat;
  from: string;
  to: string;
  includeExported: boolean;
  documentCount: number;
  /** Documents of the range left out because an earlier export of this format carried them. */
  alreadyExported: number;
  files: ExportFile[];
  trialBalance: TrialBalance;
}

const EMPTY: AccountMapping = Object.fromEntries(ACCOUNTING_ACCOUNTS.map((a) => [a.key, ''])) as AccountMapping;

/** The account mapping, the trial balance of a range and the export with its ledger (docs/accounting-export.md). */
@Injectable()
export class AccountingService {
  constructor(
    private readonly em: EntityManager,
    private readonly reader: AccountingDocumentsReader,
  ) {}

  async accounts(houseId: number): Promise<AccountsView> {
    const row = await this.em.findOne(HouseAccounting, { houseId });
    return { ...mappingOf(row), mapped: !!row };
  }

  async saveAccounts(houseId: number, userId: number, input: Partial<AccountMapping>): Promise<AccountsView> {
    const errors = accountMappingErrors(input);
    if (Object.keys(errors).length) throw DomainError.validation(errors as Record<string, string>);
    const values = Object.fromEntries(ACCOUNTING_ACCOUNTS.map((a) => [a.key, String(input[a.key]).trim()])) as AccountMapping;
    await this.em.upsert(HouseAccounting, { houseId, ...values, updatedByUserId: userId, updatedAt: new Date() });
    return { ...values, mapped: true };
  }

  async trialBalance(houseId: number, from: string, to: string): Promise<TrialBalance> {
    checkRange(from, to);
    const [set, row] = await Promise.all([this.reader.read(houseId, from, to), this.em.findOne(HouseAccounting, { houseId })]);
    return trialBalance(set, { from, to }, row ? mappingOf(row) : null);
  }

  /**
   * Exports the range in one format. Documents an earlier export of the same format carried are left
   * out unless `includeExported`; if that leaves nothing of a non-empty range, the export is refused.
   * Runs under a per-house lock, so two clerks exporting at once cannot both carry a document.
   */
  async export(houseId: number, userId: number, input: { from: string; to: string; format: ExportFormat; includeExported?: boolean }) {
    const { from, to, format } = input;
    const includeExported = input.includeExported ?? false;
    checkRange(from, to);
    return this.em.transactional(async (em): Promise<ExportResult> => {
      await em.execute('select pg_advisory_xact_lock(?, ?)', [EXPORT_LOCK_NS, houseId]);
      const row = await em.findOne(HouseAccounting, { houseId });
      if (!row) throw new AccountingError(AccountingErrorCode.NOT_MAPPED, ACCOUNTING_TEXT.notMapped);
      const mapping = mappingOf(row);
      const all = await this.reader.read(houseId, from, to, undefined, em);
      const set = includeExported ? all : await this.reader.read(houseId, from, to, format, em);
      const docs = allDocs(set);
      const alreadyExported = allDocs(all).length - docs.length;
      if (!docs.length && alreadyExported > 0) throw new AccountingError(AccountingErrorCode.ALREADY_EXPORTED, ACCOUNTING_TEXT.nothingNew);

      const ledger = em.create(AccountingExport, {
        houseId,
        format,
        fromDate: from,
        toDate: to,
        includeExported,
        documentCount: docs.length,
        createdByUserId: userId,
      });
      await em.flush();
      for (const d of docs) {
        em.create(AccountingExportItem, { houseId, exportId: ledger.id, format, docKind: d.kind, docId: d.id, docNumber: d.number });
      }
      await em.flush();
      const suffix = `${from}-to-${to}`;
      return {
        id: ledger.id,
        format,
        from,
        to,
        includeExported,
        documentCount: docs.length,
        alreadyExported,
        files: format === 'qbo' ? quickbooksFiles(set, mapping, suffix) : xeroFiles(set, mapping, suffix),
        trialBalance: trialBalance(set, { from, to }, mapping),
      };
    });
  }

  /** The export ledger, newest first (what left for the books, by whom, when). */
  async exports(houseId: number, limit = 50) {
    const rows = await this.em.find(AccountingExport, { houseId }, { orderBy: { id: 'DESC' }, limit });
    return rows.map(({ houseId: _h, createdAt, ...r }) => ({
      ...r,
      createdByUserId: r.createdByUserId ?? null,
      createdAt: createdAt.toISOString(),
    }));
  }
}

function mappingOf(row: HouseAccounting | null): AccountMapping {
  if (!row) return { ...EMPTY };
  return Object.fromEntries(ACCOUNTING_ACCOUNTS.map((a) => [a.key, row[a.key]])) as AccountMapping;
}

function checkRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (Number.isNaN(days)) throw DomainError.validation({ from: ACCOUNTING_TEXT.date });
  if (days < 0) throw DomainError.validation({ from: ACCOUNTING_TEXT.badRange });
  if (days >= MAX_DAYS) throw DomainError.validation({ to: ACCOUNTING_TEXT.rangeTooLong });
}
