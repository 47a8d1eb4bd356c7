import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  computedStartingBidCents,
  LOT_TEXT,
  sessionState,
  validateLot,
  type LotInput,
  type LotSaleType,
  type LotValues,
  type LotView,
} from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { newRef } from '../../houses/identity/secrets';
import { LOT_SAVED_FIELDS, lotFieldValues } from '../lot-item-fields';
import { LotEditingError } from './lot-editing.errors';

interface SessionRow {
  id: number;
  sale_type: LotSaleType;
  event_date: Date | string;
  connect_type: string;
  title: string;
  group_id: number;
}

/** A lot row as the Lot page reads it. */
interface LotRow {
  id: number;
  lot_number: string | null;
  lot_ext: string | null;
  inv_number: string | null;
  title: string;
  description: string;
  dimensions: string | null;
  ship_length: number | null;
  ship_width: number | null;
  ship_height: number | null;
  ship_weight: number | null;
  shipping_cents: string | null;
  shipping_intl_cents: string | null;
  lo_est_cents: string | null;
  hi_est_cents: string | null;
  starting_bid_cents: string | null;
  starting_bid_computed: boolean;
  item_price_cents: string | null;
  reserve_cents: string | null;
  artist_name: string | null;
  medium: string | null;
  condition: string | null;
  circa: string | null;
  provenance: string | null;
  literature: string | null;
  exhibited: string | null;
  notes: string | null;
  status: string;
  published: boolean;
  restricted: boolean;
  orderbids: number;
}

const LOT_COLUMNS = `l.id, ${LOT_SAVED_FIELDS.map((f) => `l.${f.column}`).join(', ')},
  l.starting_bid_cents, l.starting_bid_computed, l.reserve_cents, l.status, l.published, l.restricted,
  (select count(*)::int from order_bid o where o.lot_id = l.id and o.cancelled_at is null) as orderbids`;

const units = (cents: string | number | null): number | null => (cents === null ? null : Number(cents) / 100);

function view(r: LotRow, saleType: LotSaleType): LotView {
  return {
    lotID: r.id,
    lotNumber: r.lot_number,
    lotExt: r.lot_ext,
    invNumber: r.inv_number,
    lotTitle: r.title,
    lotDescription: r.description,
    dimensions: r.dimensions,
    shipLength: r.ship_length,
    shipWidth: r.ship_width,
    shipHeight: r.ship_height,
    shipWeight: r.ship_weight,
    shipping: units(r.shipping_cents),
    shippingIntl: units(r.shipping_intl_cents),
    loEst: units(r.lo_est_cents),
    hiEst: units(r.hi_est_cents),
    startingBid: units(r.starting_bid_cents),
    itemPrice: units(r.item_price_cents),
    reserve: units(r.reserve_cents),
    artistName: r.artist_name,
    medium: r.medium,
    condition: r.condition,
    circa: r.circa,
    provenance: r.provenance,
    literature: r.literature,
    exhibited: r.exhibited,
    notes: r.notes,
    hasLotNumber: r.lot_number !== null,
    isBinLot: saleType === 'bin',
    deleted: r.status === 'd',
    unpublished: !r.published,
    restricted: r.restricted,
    status: r.status,
    orderbid: r.orderbids,
    startingBidComputed: r.starting_bid_computed,
  };
}

/**
 * The Lot page (spec 001 sections 2, 5, 7, 8): one lot of a session read, added, edited and
 * deleted. Every query is scoped by house; a session of another house is the same 404 as none.
 * Saves lock the session row, so two saves cannot take one number; deleted lots keep their row
 * (status d, deleted_at) and their number stays reserved in the session.
 */
@Injectable()
export class LotEditingService {
  constructor(private readonly em: EntityManager) {}

  async session(houseId: number, catalogId: number, em: EntityManager = this.em, lock = false): Promise<SessionRow> {
    const rows = await em.execute<SessionRow[]>(
      `select c.id, c.sale_type, c.event_date, c.title, c.group_id, h.connect_type
         from catalog c join house h on h.id = c.house_id
        where c.house_id = ? and c.id = ?${lock ? ' for update of c' : ''}`,
      [houseId, catalogId],
    );
    if (!rows[0]) throw LotEditingError.sessionNotFound();
    return rows[0];
  }

  async deletedLots(houseId: number, catalogId: number) {
    await this.session(houseId, catalogId);
    const rows = await this.em.execute<{ id: number; lot_number: string | null; lot_ext: string | null; inv_number: string | null }[]>(
      `select id, lot_number, lot_ext, inv_number from lot where house_id = ? and catalog_id = ? and status = 'd' order by id`,
      [houseId, catalogId],
    );
    return rows.map((r) => ({ lotID: r.id, lotNumber: r.lot_number, lotExt: r.lot_ext, invNumber: r.inv_number }));
  }

  /** The absentee bids of the session, per lot. */
  async orderBids(houseId: number, catalogId: number) {
    await this.session(houseId, catalogId);
    const rows = await this.em.execute<{ lot_id: number; lot_number: string | null; lot_ext: string | null; n: number }[]>(
      `select l.id as lot_id, l.lot_number, l.lot_ext, count(*)::int as n
         from order_bid o join lot l on l.id = o.lot_id
        where o.house_id = ? and o.cancelled_at is null and l.house_id = ? and l.catalog_id = ? and l.status <> 'd'
        group by l.id order by l.id`,
      [houseId, houseId, catalogId],
    );
    return rows.map((r) => ({ lotID: r.lot_id, lotNumber: r.lot_number, lotExt: r.lot_ext, orderbidCount: r.n }));
  }

  /** The lot with that number+extension: the live one, else the deleted one (the page shows Lot Deleted). */
  async lot(houseId: number, catalogId: number, lotNumber: string, lotExt: string | null): Promise<LotView> {
    const s = await this.session(houseId, catalogId);
    const rows = await this.em.execute<LotRow[]>(
      `select ${LOT_COLUMNS} from lot l
        where l.house_id = ? and l.catalog_id = ? and l.lot_number = ? and l.lot_ext is not distinct from ?
        order by (l.status = 'd'), l.id desc limit 1`,
      [houseId, catalogId, lotNumber, lotExt],
    );
    if (!rows[0]) throw LotEditingError.lotNotFound();
    return view(rows[0], s.sale_type);
  }

  /** Add Lot: the rules with the session's other and deleted numbers; code 112 for a deleted lot's number. */
  async create(houseId: number, catalogId: number, input: LotInput): Promise<LotView> {
    const id = await this.em.transactional(async (em) => {
      const s = await this.session(houseId, catalogId, em, true);
      this.checkUnlocked(s);
      const values = await this.check(em, houseId, s, input, null);
      const startingBid = values.startingBidCents ?? computedStartingBidCents(values.loEstCents, values.hiEstCents);
      const rows = await em.execute<{ id: number }[]>(
        `insert into lot (house_id, catalog_id, lot_ref, ${COLUMNS.join(', ')}, starting_bid_cents, starting_bid_computed, reserve_cents)
         values (?, ?, ?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?, ?) returning id`,
        [
          houseId,
          catalogId,
          newRef('L'),
          ...lotFieldValues(values),
          s.sale_type === 'bin' ? null : startingBid,
          values.startingBidCents === null && s.sale_type !== 'bin',
          values.reserveCents,
        ],
      );
      return rows[0].id;
    });
    return this.byId(houseId, catalogId, id);
  }

  /** Edit Lot: as Add Lot; a deleted lot cannot change; with an absentee bid, neither can its starting bid or reserve. */
  async update(houseId: number, catalogId: number, lotId: number, input: LotInput): Promise<LotView> {
    await this.em.transactional(async (em) => {
      const s = await this.session(houseId, catalogId, em, true);
      const current = (
        await em.execute<LotRow[]>(`select ${LOT_COLUMNS} from lot l where l.house_id = ? and l.catalog_id = ? and l.id = ?`, [
          houseId,
          catalogId,
          lotId,
        ])
      )[0];
      if (!current) throw LotEditingError.lotNotFound();
      if (current.status === 'd') throw LotEditingError.lotDeleted();
      this.checkUnlocked(s);
      const values = await this.check(em, houseId, s, input, lotId);
      let startingBid: number | null = values.startingBidCents ?? computedStartingBidCents(values.loEstCents, values.hiEstCents);
      let computed = values.startingBidCents === null;
      let reserve = values.reserveCents;
      if (current.orderbids > 0) {
        const typedBefore = current.starting_bid_computed ? null : Number(current.starting_bid_cents);
        const reserveBefore = current.reserve_cents === null ? null : Number(current.reserve_cents);
        const errors: Record<string, string> = {};
        if (values.startingBidCents !== typedBefore) errors.startingBid = LOT_TEXT.absenteeLock;
        if (s.sale_type === 'timed' && values.reserveCents !== reserveBefore) errors.reserve = LOT_TEXT.absenteeLock;
        if (Object.keys(errors).length) throw DomainError.validation(errors, LOT_TEXT.absenteeLock);
        startingBid = current.starting_bid_cents === null ? null : Number(current.starting_bid_cents);
        computed = current.starting_bid_computed;
        reserve = reserveBefore;
      }
      await em.execute(
        `update lot set ${COLUMNS.map((c) => `${c} = ?`).join(', ')}, starting_bid_cents = ?, starting_bid_computed = ?, reserve_cents = ?
          where house_id = ? and id = ?`,
        [
          ...lotFieldValues(values),
          s.sale_type === 'bin' ? null : startingBid,
          s.sale_type !== 'bin' && computed,
          s.sale_type === 'timed' ? reserve : null,
          houseId,
          lotId,
        ],
      );
    });
    return this.byId(houseId, catalogId, lotId);
  }

  /** Deletes a lot by number+extension, or by inventory number when it has none: the row stays, status d. */
  async delete(houseId: number, catalogId: number, key: { lotNumber: string | null; lotExt: string | null; invNumber: string | null }) {
    return this.em.transactional(async (em) => {
      const s = await this.session(houseId, catalogId, em, true);
      const rows =
        key.lotNumber !== null
          ? await em.execute<{ id: number; status: string }[]>(
              `select id, status from lot where house_id = ? and catalog_id = ? and lot_number = ? and lot_ext is not distinct from ?
                order by (status = 'd'), id desc limit 1`,
              [houseId, catalogId, key.lotNumber, key.lotExt],
            )
          : await em.execute<{ id: number; status: string }[]>(
              `select id, status from lot where house_id = ? and catalog_id = ? and lot_number is null and upper(inv_number) = upper(?)
                order by (status = 'd'), id desc limit 1`,
              [houseId, catalogId, key.invNumber ?? ''],
            );
      const lot = rows[0];
      if (!lot) throw LotEditingError.lotNotFound();
      if (lot.status === 'd') throw LotEditingError.lotDeleted();
      this.checkUnlocked(s);
      await em.execute(`update lot set status = 'd', deleted_at = now(), published = false where house_id = ? and id = ?`, [
        houseId,
        lot.id,
      ]);
      return { lotID: lot.id };
    });
  }

  private async byId(houseId: number, catalogId: number, lotId: number): Promise<LotView> {
    const s = await this.session(houseId, catalogId);
    const rows = await this.em.execute<LotRow[]>(`select ${LOT_COLUMNS} from lot l where l.house_id = ? and l.id = ?`, [houseId, lotId]);
    return view(rows[0], s.sale_type);
  }

  /** Buy-now sessions have no start; live and timed ones lock two hours before it. */
  private checkUnlocked(s: SessionRow): void {
    if (s.sale_type !== 'bin' && sessionState(s.event_date, new Date()).in2Hours) throw LotEditingError.locked();
  }

  private async check(em: EntityManager, houseId: number, s: SessionRow, input: LotInput, lotId: number | null): Promise<LotValues> {
    const rows = await em.execute<{ lot_number: string | null; lot_ext: string | null; inv_number: string | null; status: string }[]>(
      `select lot_number, lot_ext, inv_number, status from lot where house_id = ? and catalog_id = ? and id <> ?`,
      [houseId, s.id, lotId ?? 0],
    );
    const others = rows
      .filter((r) => r.status !== 'd')
      .map((r) => ({ lotNumber: r.lot_number, lotExt: r.lot_ext, invNumber: r.inv_number }));
    const deleted = rows.filter((r) => r.status === 'd').map((r) => ({ lotNumber: r.lot_number, lotExt: r.lot_ext }));
    const r = validateLot(input, s.sale_type, s.connect_type, { others, deleted });
    if (r.ok) return r.values;
    if (r.errors.lotNumber === LOT_TEXT.numberDeleted && Object.keys(r.errors).length === 1) {
      const checked = validateLot(input, s.sale_type, s.connect_type);
      if (checked.ok) throw LotEditingError.deletedNumber(checked.values.lotNumber!, checked.values.lotExt);
    }
    throw DomainError.validation(r.errors as Record<string, string>);
  }
}

const COLUMNS = LOT_SAVED_FIELDS.map((f) => f.column);
