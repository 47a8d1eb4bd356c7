import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CATALOG_FILE,
  checkCatalogFile,
  checkRealizedRows,
  REALIZED_TEXT,
  realizedAccess,
  type RealizedCheck,
  type RealizedLotKey,
  type RealizedRow,
  type RealizedRowInput,
} from '@ar/rules';
import type { Principal } from '../../../core/auth/principal';
import { fieldValidationError } from '../../../core/errors/validation-exception.factory';
import { readSheet } from '../spreadsheets/sheet-reader';
import { mapRealizedSheet } from './realized-columns';
import { RealizedError, RealizedErrorCode } from './realized-prices.errors';

interface SessionRow {
  id: number;
  title: string;
  event_date: Date;
  is_online_only: boolean;
  realized_include_premium: boolean | null;
  realized_published_at: Date | null;
}

interface LotRow {
  id: number;
  lot_number: string | null;
  lot_ext: string | null;
  inv_number: string | null;
  title: string;
  realized_price_cents: string | number | null;
}

export type RealizedUpload = Pick<RealizedCheck, 'errors' | 'warnings' | 'breaking'> & { lots: RealizedRow[] };

/** Rows written per statement. */
const WRITE_BATCH = 2_000;

/**
 * Edit Realized Prices (spec 001): `upload` reads and checks a sheet against the session's lots
 * and writes nothing; `saveOne` / `saveMany` write realized prices (all or none); `includePremium`
 * records the publish answer. Every call first checks who may edit (online-only houses never;
 * non-super users up to 45 days after the session). The realized price is the published figure,
 * not the hammer: invoices and results are not touched (docs/decisions/realized-prices.md).
 */
@Injectable()
export class RealizedPricesService {
  constructor(private readonly em: EntityManager) {}

  /** The page's session and its lots with their current realized prices (ours: the spec shows no read call). */
  async view(p: Principal, catalogId: number) {
    const s = await this.session(p, catalogId);
    const lots = await this.lots(this.em, p.houseId, s.id);
    return {
      catalog: {
        catalogID: s.id,
        title: s.title,
        catalogDate: new Date(s.event_date).toISOString(),
        includePremium: s.realized_include_premium,
        publishedAt: s.realized_published_at && new Date(s.realized_published_at).toISOString(),
      },
      lots: lots.map((l) => ({
        lotID: l.id,
        lotNumber: l.lot_number,
        lotExt: l.lot_ext,
        invNumber: l.inv_number,
        lotTitle: l.title,
        realizedPriceCents: l.realized_price_cents === null ? null : Number(l.realized_price_cents),
      })),
    };
  }

  /** The pre-upload file check (001 section 5), the same reader as lot sheets, then every row checked. */
  async upload(p: Principal, catalogId: number, file: { name: string; data: Buffer } | undefined): Promise<RealizedUpload> {
    const s = await this.session(p, catalogId);
    const refusal = checkCatalogFile(file && { name: file.name, size: file.data.length });
    if (refusal)
      throw new RealizedError(
        file && file.data.length > CATALOG_FILE.maxBytes ? RealizedErrorCode.FILE_TOO_LARGE : RealizedErrorCode.INVALID_FILE,
        refusal,
      );
    const read = await readSheet(file!.name, file!.data);
    if (!read.ok) throw new RealizedError(RealizedErrorCode.INVALID_FILE, read.message);
    const mapped = mapRealizedSheet(read.sheet);
    const checked = checkRealizedRows(mapped.rows, keys(await this.lots(this.em, p.houseId, s.id)));
    const breaking = checked.breaking || mapped.errors.length > 0;
    return {
      lots: breaking ? [] : checked.rows,
      errors: [...mapped.errors.map((e) => ({ ...e, field: null })), ...checked.errors],
      warnings: checked.warnings,
      breaking,
    };
  }

  /** `lot/realized`: one lot's realized price; field errors answer 400 in the spec's words. */
  async saveOne(p: Principal, catalogId: number, row: RealizedRowInput): Promise<RealizedRow> {
    const [saved] = await this.save(p, catalogId, [row], (field) => field);
    return saved;
  }

  /** `lots/realized`: the item list's rows, all saved or none; errors keyed `[i].field`. */
  async saveMany(p: Principal, catalogId: number, rows: readonly RealizedRowInput[]): Promise<RealizedRow[]> {
    return this.save(p, catalogId, rows, (field, i) => `[${i}].${field}`);
  }

  /** `realized/includePremium`: the publish answer, which also marks the prices as published. */
  async includePremium(p: Principal, catalogId: number, include: boolean): Promise<{ includePremium: boolean; publishedAt: string }> {
    return this.em.transactional(async (em) => {
      const s = await this.session(p, catalogId, em, true);
      const rows = await em.execute<{ realized_published_at: Date }[]>(
        `update catalog set realized_include_premium = ?, realized_published_at = now()
          where id = ? and house_id = ? returning realized_published_at`,
        [include, s.id, p.houseId],
      );
      return { includePremium: include, publishedAt: new Date(rows[0].realized_published_at).toISOString() };
    });
  }

  private async save(
    p: Principal,
    catalogId: number,
    input: readonly RealizedRowInput[],
    key: (field: string, i: number) => string,
  ): Promise<RealizedRow[]> {
    return this.em.transactional(async (em) => {
      const s = await this.session(p, catalogId, em, true);
      const checked = checkRealizedRows(
        input.map((r, i) => ({ ...r, id: i })),
        keys(await this.lots(em, p.houseId, s.id)),
      );
      if (checked.errors.length) {
        const fields: Record<string, string> = {};
        for (const e of checked.errors) {
          const k = key(e.field ?? 'lotNumber', e.row ?? 0);
          if (!fields[k]) fields[k] = e.displayMsg;
        }
        throw fieldValidationError(fields);
      }
      for (let i = 0; i < checked.rows.length; i += WRITE_BATCH) {
        const batch = checked.rows.slice(i, i + WRITE_BATCH).map((r) => ({ id: r.lotID, cents: r.realizedCents }));
        await em.execute(
          `update lot l set realized_price_cents = v.cents, realized_by_user_id = ?, realized_at = now()
             from jsonb_to_recordset(?::jsonb) as v(id int, cents bigint)
            where l.id = v.id and l.house_id = ? and l.catalog_id = ?`,
          [p.userId, JSON.stringify(batch), p.houseId, s.id],
        );
      }
      return checked.rows.map((r) => ({ ...r, id: r.id + 1 }));
    });
  }

  /** The session, scoped by house (another house's is the same 404 as none), and the edit rule. */
  private async session(p: Principal, catalogId: number, em: EntityManager = this.em, lock = false): Promise<SessionRow> {
    const rows = await em.execute<SessionRow[]>(
      `select c.id, c.title, c.event_date, h.is_online_only, c.realized_include_premium, c.realized_published_at
         from catalog c join house h on h.id = c.house_id
        where c.house_id = ? and c.id = ?${lock ? ' for update of c' : ''}`,
      [p.houseId, catalogId],
    );
    const s = rows[0];
    if (!s) throw RealizedError.sessionNotFound();
    const access = realizedAccess({ isOnlineOnly: s.is_online_only, isSuperUser: p.isSuperUser }, s.event_date, new Date());
    if (access === 'onlineOnly') throw new RealizedError(RealizedErrorCode.ONLINE_ONLY, REALIZED_TEXT.onlineOnly);
    if (access === 'tooLate') throw new RealizedError(RealizedErrorCode.EDIT_WINDOW_CLOSED, REALIZED_TEXT.tooLate);
    if (access === 'notStarted') throw new RealizedError(RealizedErrorCode.SESSION_NOT_STARTED, REALIZED_TEXT.notStarted);
    return s;
  }

  private lots(em: EntityManager, houseId: number, catalogId: number): Promise<LotRow[]> {
    return em.execute<LotRow[]>(
      `select id, lot_number, lot_ext, inv_number, title, realized_price_cents
         from lot where house_id = ? and catalog_id = ? and status <> 'd'
        order by lpad(coalesce(lot_number, ''), 8, '0'), lot_ext nulls first, id`,
      [houseId, catalogId],
    );
  }
}

const keys = (rows: LotRow[]): RealizedLotKey[] =>
  rows.map((l) => ({ lotID: l.id, lotNumber: l.lot_number, lotExt: l.lot_ext, invNumber: l.inv_number, lotTitle: l.title }));
