import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CALENDAR_TEXT,
  checkCatalogFile,
  checkSheet,
  computedStartingBidCents,
  sessionState,
  validateLot,
  type LotSaleType,
  type LotValues,
  type SheetContext,
  type SheetError,
  type SheetLot,
  type SheetWarning,
} from '@ar/rules';
import { newRef } from '../../houses/identity/secrets';
import { LOT_SAVED_FIELDS } from '../lot-item-fields';
import { LotSheetError, LotSheetErrorCode } from './lot-sheet.errors';
import { resolveSheetConsignors, type SheetLotInput } from './sheet-consignors';
import { mapSheet, type SheetFormat } from './sheet-columns';
import { readSheet, SHEET_READ_TEXT, sheetKind } from './sheet-reader';
import { isBiff, XLS_LIMITS } from './xls-reader';

interface SessionRow {
  id: number;
  sale_type: LotSaleType;
  event_date: Date | string;
  connect_type: string;
}

interface LotKeyRow {
  id: number;
  lot_number: string | null;
  lot_ext: string | null;
  inv_number: string | null;
  status: string;
  orderbids: number;
}

export interface SheetUpload {
  lots: SheetLot[];
  errors: SheetError[];
  warnings: SheetWarning[];
  breaking: boolean;
  /** Which header each field was read from (the CLI prints it). */
  columns: Record<string, string>;
  rowCount: number;
}

export interface SheetSave {
  created: number;
  updated: number;
  errors: SheetError[];
  warnings: SheetWarning[];
}

export type Progress = (stage: string, done: number, total: number) => void;

/** Rows written per statement: a 10,000-lot sheet is a handful of statements. */
const WRITE_BATCH = 2_000;

const numberKey = (n: string | null, ext: string | null) =>
  n === null ? null : `${n.replace(/^0+(?=\d)/, '')}|${(ext ?? '').toUpperCase()}`;

/**
 * Lot spreadsheets (spec 001 "upload items" step, sections 4, 5, 7, 8): `upload` reads and checks
 * a file and answers the lots for the review list, writing nothing; `save` writes the reviewed
 * lots (the review list's `lots/update`), all or none; the CLI does both in one go. A sheet row
 * with the number+extension of a lot of the session updates that lot; others are added. Every
 * query is scoped by house; a session of another house is the same 404 as none.
 */
@Injectable()
export class LotSheetService {
  constructor(private readonly em: EntityManager) {}

  /** The pre-upload file check (001 section 5), then the file read, mapped and checked. */
  async upload(
    houseId: number,
    catalogId: number,
    file: { name: string; data: Buffer } | undefined,
    format: SheetFormat,
    opts: { checkName?: boolean; progress?: Progress } = {},
  ): Promise<SheetUpload> {
    const s = await this.precheck(houseId, catalogId, file, opts.checkName);
    opts.progress?.('reading', 0, 1);
    const read = await readSheet(file!.name, file!.data);
    if (!read.ok) throw new LotSheetError(LotSheetErrorCode.INVALID_FILE, read.message);
    const mapped = mapSheet(read.sheet, format);
    opts.progress?.('reading', 1, 1);
    opts.progress?.('checking', 0, mapped.lots.length);
    const checked = checkSheet(mapped.lots, await this.context(this.em, houseId, s));
    const consignors = await resolveSheetConsignors(this.em, houseId, checked.lots);
    opts.progress?.('checking', mapped.lots.length, mapped.lots.length);
    const errors = [...mapped.errors, ...checked.errors, ...consignors.errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    const breaking = checked.breaking || mapped.errors.length > 0;
    return {
      lots: breaking ? [] : checked.lots,
      errors,
      warnings: checked.warnings,
      breaking,
      columns: mapped.columns as Record<string, string>,
      rowCount: mapped.lots.length,
    };
  }

  /** The session (404 when not the house's) and the pre-upload file check (001 section 5): a refusal throws. */
  async precheck(houseId: number, catalogId: number, file: { name: string; data: Buffer } | undefined, checkName = true) {
    const s = await this.session(houseId, catalogId);
    // The CLI reads files by path: only their type and size are checked, not the upload's name rules.
    const name = file && (checkName === false ? `upload.${ext(file.name)}` : file.name);
    const refusal = checkCatalogFile(file && { name: name!, size: file.data.length });
    if (refusal)
      throw new LotSheetError(
        file && file.data.length > 50 * 1024 * 1024 ? LotSheetErrorCode.FILE_TOO_LARGE : LotSheetErrorCode.INVALID_FILE,
        refusal,
      );
    // An .xls over the reader's own bound is refused now, not once a queued read gets to it.
    if (sheetKind(file!.name) === 'xls' && isBiff(file!.data) && file!.data.length > XLS_LIMITS.maxBytes)
      throw new LotSheetError(LotSheetErrorCode.INVALID_FILE, SHEET_READ_TEXT.xlsTooLarge);
    return s;
  }

  /** Writes the reviewed lots: checked again here (the server has the last word); any error and nothing is written. */
  async save(
    houseId: number,
    catalogId: number,
    lots: readonly (SheetLotInput & { id?: number })[],
    progress?: Progress,
    /** Runs in the same transaction once the lots are written (the review list clears its staged rows). */
    afterWrite?: (em: EntityManager) => Promise<void>,
  ): Promise<SheetSave> {
    return this.em.transactional(async (em) => {
      const s = await this.session(houseId, catalogId, em, true);
      if (s.sale_type !== 'bin' && sessionState(s.event_date, new Date()).in2Hours)
        throw new LotSheetError(LotSheetErrorCode.SESSION_LOCKED, CALENDAR_TEXT.in2Hours);
      const rows = await this.lotKeys(em, houseId, s.id);
      const checked = checkSheet(lots, this.contextOf(rows, s));
      const consignors = await resolveSheetConsignors(em, houseId, checked.lots);
      const errors = [...checked.errors, ...consignors.errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
      if (errors.length) return { created: 0, updated: 0, errors, warnings: checked.warnings };

      const live = rows.filter((r) => r.status !== 'd');
      const byNumber = new Map(live.filter((r) => r.lot_number !== null).map((r) => [numberKey(r.lot_number, r.lot_ext)!, r]));
      const byInv = new Map(
        live.filter((r) => r.lot_number === null && r.inv_number).map((r) => [r.inv_number!.toUpperCase(), r] as const),
      );
      const inserts: Record<string, unknown>[] = [];
      const updates: Record<string, unknown>[] = [];
      for (const lot of checked.lots) {
        const r = validateLot(lot, s.sale_type, s.connect_type);
        if (!r.ok) continue; // checkSheet has already reported it
        const v = r.values;
        const target =
          v.lotNumber !== null ? byNumber.get(numberKey(v.lotNumber, v.lotExt)!) : byInv.get((v.invNumber ?? '').toUpperCase());
        const rec = record(v, s.sale_type);
        rec.consignor_id = consignors.ids.get(lot.id) ?? null;
        if (target) {
          if (target.orderbids > 0) rec.keep_bids = true;
          updates.push({ ...rec, id: target.id });
        } else inserts.push({ ...rec, lot_ref: newRef('L') });
      }
      const total = inserts.length + updates.length;
      let done = 0;
      for (let i = 0; i < inserts.length; i += WRITE_BATCH) {
        const batch = inserts.slice(i, i + WRITE_BATCH);
        await em.execute(
          `insert into lot (house_id, catalog_id, lot_ref, ${COLUMNS.join(', ')})
           select ?, ?, v.lot_ref, ${COLUMNS.map((c) => `v.${c}`).join(', ')}
             from jsonb_to_recordset(?::jsonb) as v(lot_ref text, ${RECORD_TYPES})`,
          [houseId, s.id, JSON.stringify(batch)],
        );
        progress?.('saving', (done += batch.length), total);
      }
      for (let i = 0; i < updates.length; i += WRITE_BATCH) {
        const batch = updates.slice(i, i + WRITE_BATCH);
        // With an absentee bid on the lot, its starting bid and reserve stay (warning 116).
        await em.execute(
          `update lot l set ${COLUMNS.filter((c) => !BID_COLUMNS.includes(c) && c !== 'consignor_id')
            .map((c) => `${c} = v.${c}`)
            .join(', ')},
             consignor_id = coalesce(v.consignor_id, l.consignor_id),
             ${BID_COLUMNS.map((c) => `${c} = case when coalesce(v.keep_bids, false) then l.${c} else v.${c} end`).join(', ')}
             from jsonb_to_recordset(?::jsonb) as v(id int, keep_bids boolean, ${RECORD_TYPES})
            where l.id = v.id and l.house_id = ? and l.catalog_id = ?`,
          [JSON.stringify(batch), houseId, s.id],
        );
        progress?.('saving', (done += batch.length), total);
      }
      await afterWrite?.(em);
      return { created: inserts.length, updated: updates.length, errors: [], warnings: checked.warnings };
    });
  }

  /**
   * The session's sale and connect type and the context its sheet rows are checked in (the review
   * list's recheck after an edit or a delete). `lock` takes the session's row lock for `em`'s transaction.
   */
  async reviewContext(em: EntityManager, houseId: number, catalogId: number, lock = false) {
    const s = await this.session(houseId, catalogId, em, lock);
    return { saleType: s.sale_type, connectType: s.connect_type, ctx: await this.context(em, houseId, s) };
  }

  /** The house of a session, for the CLI (an operator names a catalog, not a house). */
  async houseOf(catalogId: number): Promise<number | null> {
    const rows = await this.em.execute<{ house_id: number }[]>(`select house_id from catalog where id = ?`, [catalogId]);
    return rows[0]?.house_id ?? null;
  }

  private async session(houseId: number, catalogId: number, em: EntityManager = this.em, lock = false): Promise<SessionRow> {
    const rows = await em.execute<SessionRow[]>(
      `select c.id, c.sale_type, c.event_date, h.connect_type
         from catalog c join house h on h.id = c.house_id
        where c.house_id = ? and c.id = ?${lock ? ' for update of c' : ''}`,
      [houseId, catalogId],
    );
    if (!rows[0]) throw LotSheetError.sessionNotFound();
    return rows[0];
  }

  private lotKeys(em: EntityManager, houseId: number, catalogId: number): Promise<LotKeyRow[]> {
    return em.execute<LotKeyRow[]>(
      `select l.id, l.lot_number, l.lot_ext, l.inv_number, l.status,
              (select count(*)::int from order_bid o where o.lot_id = l.id) as orderbids
         from lot l where l.house_id = ? and l.catalog_id = ?`,
      [houseId, catalogId],
    );
  }

  private async context(em: EntityManager, houseId: number, s: SessionRow): Promise<SheetContext> {
    return this.contextOf(await this.lotKeys(em, houseId, s.id), s);
  }

  private contextOf(rows: LotKeyRow[], s: SessionRow): SheetContext {
    return {
      saleType: s.sale_type,
      connectType: s.connect_type,
      existing: rows
        .filter((r) => r.status !== 'd')
        .map((r) => ({ lotNumber: r.lot_number, lotExt: r.lot_ext, invNumber: r.inv_number, orderBids: r.orderbids })),
      deleted: rows.filter((r) => r.status === 'd').map((r) => ({ lotNumber: r.lot_number, lotExt: r.lot_ext })),
    };
  }
}

const ext = (name: string) => /\.([^.]+)$/.exec(name)?.[1] ?? '';

const BID_COLUMNS = ['starting_bid_cents', 'starting_bid_computed', 'reserve_cents'];

/** Every column a sheet writes, with its SQL type for jsonb_to_recordset. */
const COLUMN_TYPES: [string, string][] = [
  ...LOT_SAVED_FIELDS.map((f): [string, string] => [f.column, f.type]),
  ['starting_bid_cents', 'bigint'],
  ['starting_bid_computed', 'boolean'],
  ['reserve_cents', 'bigint'],
  // A blank Consignor cell (or no column) keeps the lot's consignor on update.
  ['consignor_id', 'int'],
];
const COLUMNS = COLUMN_TYPES.map(([c]) => c);
const RECORD_TYPES = COLUMN_TYPES.map(([c, t]) => `${c} ${t}`).join(', ');

/** The row a lot's checked values make; the starting bid is computed as the Lot page does when none is given. */
function record(v: LotValues, saleType: LotSaleType): Record<string, unknown> {
  const bin = saleType === 'bin';
  return {
    ...Object.fromEntries(LOT_SAVED_FIELDS.map((f) => [f.column, v[f.key]])),
    starting_bid_cents: bin ? null : (v.startingBidCents ?? computedStartingBidCents(v.loEstCents, v.hiEstCents)),
    starting_bid_computed: !bin && v.startingBidCents === null,
    reserve_cents: saleType === 'timed' ? v.reserveCents : null,
  };
}
