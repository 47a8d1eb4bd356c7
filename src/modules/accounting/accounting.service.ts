import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNTING_ACCOUNTS, ACCOUNTING_TEXT, accountMappingErrors, type AccountMapping, type ExportFormat } from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';
import { AccountingDocumentsReader } from './accounting-documents.reader';
import { AccountingExport, HouseAccounting } from './accounting.entities';
import { AccountingError, AccountingErrorCode } from './accounting.errors';
import type { DownloadTable } from '../../core/http/file-download';
import { exportSuffix, partRows, type ExportFileKey, type FileSpec } from './formats/export-files';
import { QBO_FILES } from './formats/quickbooks';
import { XERO_FILES } from './formats/xero';
import { trialBalance, type TrialBalance } from './journal';

/** Namespace of the per-house advisory lock that serialises exports ('ACX'). */
const EXPORT_LOCK_NS = 0x414358;
const MAX_DAYS = 366;

export interface AccountsView extends AccountMapping {
  mapped: boolean;
}

/** A file of an export: its name and where to download it (streamed from the ledger). */
export interface ExportFileLink {
  key: ExportFileKey;
  name: string;
  url: string;
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
  files: ExportFileLink[];
}

/** An export's file ready to stream: its name without the extension and its rows, read in batches. */
export interface ExportDownload {
  fileBase: string;
  table: DownloadTable;
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
   * Exports the range in one format: records in the ledger the documents the files carry (set-based,
   * in file order) and answers where to download each file. Documents an earlier export of the same
   * format carried are left out unless `includeExported`; if that leaves nothing of a non-empty
   * range, the export is refused. Runs under a per-house lock, so two clerks exporting at once
   * cannot both carry a document.
   */
  async export(houseId: number, userId: number, input: { from: string; to: string; format: ExportFormat; includeExported?: boolean }) {
    const { from, to, format } = input;
    const includeExported = input.includeExported ?? false;
    checkRange(from, to);
    return this.em.transactional(async (em): Promise<ExportResult> => {
      await em.execute('select pg_advisory_xact_lock(?, ?)', [EXPORT_LOCK_NS, houseId]);
      const row = await em.findOne(HouseAccounting, { houseId });
      if (!row) throw new AccountingError(AccountingErrorCode.NOT_MAPPED, ACCOUNTING_TEXT.notMapped);
      const ledger = em.create(AccountingExport, {
        houseId,
        format,
        fromDate: from,
        toDate: to,
        includeExported,
        documentCount: 0,
        createdByUserId: userId,
      });
      await em.flush();
      const { recorded, alreadyExported } = await this.reader.record(em, {
        houseId,
        exportId: ledger.id,
        format,
        from,
        to,
        includeExported,
      });
      if (!recorded && alreadyExported > 0) throw new AccountingError(AccountingErrorCode.ALREADY_EXPORTED, ACCOUNTING_TEXT.nothingNew);
      ledger.documentCount = recorded;
      await em.flush();
      const suffix = exportSuffix(from, to);
      return {
        id: ledger.id,
        format,
        from,
        to,
        includeExported,
        documentCount: recorded,
        alreadyExported,
        files: specsOf(format).map((f) => ({
          key: f.key,
          name: f.name(suffix),
          url: `/api/accounting/exports/${ledger.id}/download?file=${f.key}`,
        })),
      };
    });
  }

  /**
   * One file of an export, read back from its ledger items a batch at a time while the client
   * downloads (keyset on the position, so the same export always gives the same file). 404 when
   * the export is not of the house; the house's current account mapping names the accounts.
   */
  async download(houseId: number, exportId: number, key: ExportFileKey): Promise<ExportDownload> {
    const ledger = await this.em.findOne(AccountingExport, { id: exportId, houseId });
    if (!ledger) throw DomainError.notFound();
    const mapping = mappingOf(await this.em.findOne(HouseAccounting, { houseId }));
    const spec = specsOf(ledger.format as ExportFormat).find((f) => f.key === key)!;
    const reader = this.reader;
    async function* rows(): AsyncGenerator<string[]> {
      for (const part of spec.parts) {
        const sign = part.source === 'settlements' ? part.sign : 'any';
        for await (const batch of reader.exported(houseId, exportId, part.source, sign)) {
          for (const d of batch) yield* partRows(part, d, mapping);
        }
      }
    }
    const name = spec.name(exportSuffix(ledger.fromDate, ledger.toDate));
    return { fileBase: name.replace(/\.csv$/, ''), table: { sheetName: name, header: spec.header, rows: rows() } };
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

const specsOf = (format: ExportFormat): readonly FileSpec[] => (format === 'qbo' ? QBO_FILES : XERO_FILES);

function checkRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (Number.isNaN(days)) throw DomainError.validation({ from: ACCOUNTING_TEXT.date });
  if (days < 0) throw DomainError.validation({ from: ACCOUNTING_TEXT.badRange });
  if (days >= MAX_DAYS) throw DomainError.validation({ to: ACCOUNTING_TEXT.rangeTooLong });
}
