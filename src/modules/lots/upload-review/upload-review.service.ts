import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { checkSheet, LOT_LABELS, validateLot, type LotField, type SheetContext, type SheetError, type SheetLot } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { LotSheetService } from '../spreadsheets/lot-sheet.service';
import { resolveSheetConsignors, type SheetLotInput } from '../spreadsheets/sheet-consignors';
import { UploadReviewError } from './upload-review.errors';

/** A staged row as the review list shows it: the lot's fields, its staging id, its sheet row and its errors. */
export type UploadRowView = SheetLotInput & { id: number; row: number; hasError: boolean; errors: SheetError[] };

interface StagedRow {
  id: number;
  catalog_id: number;
  row: number;
  lot: SheetLotInput;
  errors: SheetError[];
  has_error: boolean;
}

/** The fields a staged lot keeps: the Lot page's plus the Standard sheet's Consignor. */
const LOT_KEYS = [...(Object.keys(LOT_LABELS) as LotField[]), 'consignor'] as const;

const numberKey = (n: unknown, ext: unknown) => {
  const t = n === undefined || n === null ? '' : String(n).trim();
  return t === ''
    ? null
    : `${t.replace(/^0+(?=\d)/, '')}|${String(ext ?? '')
        .trim()
        .toUpperCase()}`;
};
const invKey = (v: unknown) => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim().toUpperCase());

/** Rows per insert when staging: a 10,000-row upload is five statements, each reported as progress. */
const STAGE_BATCH = 2_000;

const view = (r: StagedRow): UploadRowView => ({ ...r.lot, id: r.id, row: r.row, hasError: r.has_error, errors: r.errors });

/**
 * The upload-items review list (spec 001 section 4 "Spreadsheet upload"): an upload's lots staged
 * per session until `lots/update` saves them. Editing or deleting a row rechecks every staged row
 * with the sheet's own rules (checkSheet), so duplicate lot numbers (110) and inventory numbers
 * (121) clear once one copy is left. Writes take the session's row lock, so parallel deletes
 * (react-admin's delete-selected) recheck one after the other. Scoped by house throughout.
 */
@Injectable()
export class UploadReviewService {
  constructor(
    private readonly em: EntityManager,
    private readonly sheets: LotSheetService,
  ) {}

  /**
   * Replaces the session's staged rows with an upload's lots and their errors (none after a breaking
   * upload), in batches (`progress` after each). `guard` runs under the session's lock first: false
   * stages nothing (a queued upload that a newer one has replaced) and answers false.
   */
  async stage(
    houseId: number,
    catalogId: number,
    lots: readonly SheetLot[],
    errors: readonly SheetError[],
    opts: { progress?: (done: number, total: number) => Promise<void>; guard?: (em: EntityManager) => Promise<boolean> } = {},
  ): Promise<boolean> {
    const byRow = new Map<number, SheetError[]>();
    for (const e of errors) if (e.row !== null) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
    const rows = lots.map(({ id, ...lot }) => ({ row: id, lot: pick(lot), errors: byRow.get(id) ?? [], has_error: byRow.has(id) }));
    return this.em.transactional(async (em) => {
      await this.sheets.reviewContext(em, houseId, catalogId, true);
      if (opts.guard && !(await opts.guard(em))) return false;
      await em.execute('delete from lot_upload_row where house_id = ? and catalog_id = ?', [houseId, catalogId]);
      for (let i = 0; i < rows.length; i += STAGE_BATCH) {
        await em.execute(
          `insert into lot_upload_row (house_id, catalog_id, row, lot, errors, has_error)
           select ?, ?, v.row, v.lot, v.errors, v.has_error
             from jsonb_to_recordset(?::jsonb) as v(row int, lot jsonb, errors jsonb, has_error boolean)`,
          [houseId, catalogId, JSON.stringify(rows.slice(i, i + STAGE_BATCH))],
        );
        await opts.progress?.(Math.min(i + STAGE_BATCH, rows.length), rows.length);
      }
      return true;
    });
  }

  /** Discards the session's staged rows ("Go Back & Upload Items Again"). */
  async clear(houseId: number, catalogId: number): Promise<number> {
    return this.em.transactional(async (em) => {
      await this.sheets.reviewContext(em, houseId, catalogId, true);
      const gone = await em.execute<{ id: number }[]>('delete from lot_upload_row where house_id = ? and catalog_id = ? returning id', [
        houseId,
        catalogId,
      ]);
      return gone.length;
    });
  }

  /** One page of the review list, in sheet order; `onlyErrors` is the error filter. */
  async page(
    houseId: number,
    catalogId: number,
    q: { onlyErrors: boolean; offset: number; limit: number },
  ): Promise<{ rows: UploadRowView[]; total: number }> {
    await this.sheets.reviewContext(this.em, houseId, catalogId);
    const where = `house_id = ? and catalog_id = ?${q.onlyErrors ? ' and has_error' : ''}`;
    const [rows, count] = await Promise.all([
      this.em.execute<StagedRow[]>(`select * from lot_upload_row where ${where} order by row, id limit ? offset ?`, [
        houseId,
        catalogId,
        q.limit,
        q.offset,
      ]),
      this.em.execute<{ n: number }[]>(`select count(*)::int as n from lot_upload_row where ${where}`, [houseId, catalogId]),
    ]);
    return { rows: rows.map(view), total: count[0].n };
  }

  async get(houseId: number, id: number): Promise<UploadRowView> {
    return view(await this.row(this.em, houseId, id));
  }

  /** Every staged lot in the spec's "uploaded lot" shape (id = sheet row) and the errors left: what `lots/update` is sent. */
  async all(houseId: number, catalogId: number): Promise<{ lots: (SheetLotInput & { id: number })[]; errors: SheetError[] }> {
    await this.sheets.reviewContext(this.em, houseId, catalogId);
    const rows = await this.em.execute<StagedRow[]>('select * from lot_upload_row where house_id = ? and catalog_id = ? order by row, id', [
      houseId,
      catalogId,
    ]);
    return { lots: rows.map((r) => ({ ...r.lot, id: r.row })), errors: rows.flatMap((r) => r.errors) };
  }

  /**
   * The edit modal's save: the Lot page's rules with the other staged rows and the session's lots
   * as context (field errors answer 400 with the spec's messages), then every row rechecked.
   */
  async edit(houseId: number, id: number, input: SheetLotInput): Promise<UploadRowView> {
    return this.em.transactional(async (em) => {
      const catalogId = (await this.row(em, houseId, id)).catalog_id;
      const { saleType, connectType, ctx } = await this.sheets.reviewContext(em, houseId, catalogId, true);
      const current = await this.row(em, houseId, id);
      const lot = pick(input);
      const others = await em.execute<StagedRow[]>('select * from lot_upload_row where house_id = ? and catalog_id = ? and id <> ?', [
        houseId,
        catalogId,
        id,
      ]);
      const fieldErrors: Record<string, string> = {};
      const r = validateLot(lot, saleType, connectType, {
        others: [...others.map((o) => numbers(o.lot)), ...holders(ctx, lot)],
        deleted: ctx.deleted,
      });
      if (!r.ok) Object.assign(fieldErrors, r.errors);
      const consignor = await resolveSheetConsignors(em, houseId, [{ ...lot, id: current.row }]);
      if (consignor.errors.length) fieldErrors.consignor = consignor.errors[0].displayMsg;
      if (Object.keys(fieldErrors).length) throw DomainError.validation(fieldErrors);
      await em.execute('update lot_upload_row set lot = ?::jsonb where id = ?', [JSON.stringify(lot), id]);
      await this.recheck(em, houseId, catalogId, saleType, connectType, ctx);
      return view(await this.row(em, houseId, id));
    });
  }

  /** Deletes a staged row (answered as it was, as react-admin expects) and rechecks the others. */
  async remove(houseId: number, id: number): Promise<UploadRowView> {
    return this.em.transactional(async (em) => {
      const catalogId = (await this.row(em, houseId, id)).catalog_id;
      const { saleType, connectType, ctx } = await this.sheets.reviewContext(em, houseId, catalogId, true);
      const current = await this.row(em, houseId, id);
      await em.execute('delete from lot_upload_row where id = ?', [id]);
      await this.recheck(em, houseId, catalogId, saleType, connectType, ctx);
      return view(current);
    });
  }

  /** Rechecks every staged row (after `lots/update` refused them: the session's lots may have changed meanwhile). */
  async recheckAll(houseId: number, catalogId: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const { saleType, connectType, ctx } = await this.sheets.reviewContext(em, houseId, catalogId, true);
      await this.recheck(em, houseId, catalogId, saleType, connectType, ctx);
    });
  }

  /** Clears the session's staged rows inside `lots/update`'s transaction once the lots are written. */
  async clearIn(em: EntityManager, houseId: number, catalogId: number): Promise<void> {
    await em.execute('delete from lot_upload_row where house_id = ? and catalog_id = ?', [houseId, catalogId]);
  }

  private async recheck(
    em: EntityManager,
    houseId: number,
    catalogId: number,
    saleType: SheetContext['saleType'],
    connectType: string,
    ctx: SheetContext,
  ): Promise<void> {
    const rows = await em.execute<StagedRow[]>('select * from lot_upload_row where house_id = ? and catalog_id = ? order by row, id', [
      houseId,
      catalogId,
    ]);
    if (!rows.length) return;
    const checked = checkSheet(
      rows.map((r) => ({ ...r.lot, id: r.row })),
      { ...ctx, saleType, connectType },
    );
    const consignors = await resolveSheetConsignors(em, houseId, checked.lots);
    const byRow = new Map<number, SheetError[]>();
    for (const e of [...checked.errors, ...consignors.errors]) if (e.row !== null) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
    const updates = rows.map((r) => ({ id: r.id, errors: byRow.get(r.row) ?? [], has_error: byRow.has(r.row) }));
    await em.execute(
      `update lot_upload_row u set errors = v.errors, has_error = v.has_error
         from jsonb_to_recordset(?::jsonb) as v(id int, errors jsonb, has_error boolean)
        where u.id = v.id and u.house_id = ?`,
      [JSON.stringify(updates), houseId],
    );
  }

  private async row(em: EntityManager, houseId: number, id: number): Promise<StagedRow> {
    const rows = await em.execute<StagedRow[]>('select * from lot_upload_row where id = ? and house_id = ?', [id, houseId]);
    if (!rows[0]) throw UploadReviewError.rowNotFound();
    return rows[0];
  }
}

/** Only the lot's own fields, nothing else a client sent. */
function pick(input: object): SheetLotInput {
  const from = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of LOT_KEYS) if (from[k] !== undefined) out[k] = from[k];
  return out as SheetLotInput;
}

function numbers(l: SheetLotInput) {
  const n = l.lotNumber === undefined || l.lotNumber === null || String(l.lotNumber).trim() === '' ? null : String(l.lotNumber).trim();
  const ext = l.lotExt === undefined || l.lotExt === null || l.lotExt.trim() === '' ? null : l.lotExt.trim();
  return { lotNumber: n, lotExt: ext, invNumber: l.invNumber?.trim() || null };
}

/**
 * The session's lots whose inventory number the row may not take: every one but the lot the row
 * updates (same number+extension, or unnumbered with the same inventory number), as checkSheet rules.
 * Their numbers are left out: a row with a lot's number updates that lot.
 */
function holders(ctx: SheetContext, lot: SheetLotInput) {
  const k = numberKey(lot.lotNumber, lot.lotExt);
  const inv = invKey(lot.invNumber);
  return ctx.existing
    .filter((e) => {
      const self = k ? numberKey(e.lotNumber, e.lotExt) === k : e.lotNumber === null && invKey(e.invNumber) === inv;
      return !self && e.invNumber !== null;
    })
    .map((e) => ({ lotNumber: null, lotExt: null, invNumber: e.invNumber }));
}
