import { Injectable } from '@nestjs/common';
import { QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { RaListQuery, raFilterIds } from '../../../core/http/ra-list-query';
import { MAX_ID } from '../../../core/validation/int4';
import { likeContains, placeholders } from '../../../core/validation/sql-text';
import { House } from '../house.entity';
import { Columns, scalarColumns, toPlain } from '../plain-rows';
import { toSpec } from '@ar/rules';
import { GeoService } from '../geo/geo.service';
import { AddressUsageCheck } from './address-usage';
import { HouseAddress } from './house-address.entity';
import { checkLocation, LocationCheck, LocationInput } from './location-rules';
import { HouseAddressView, toHouseAddressView } from './location-view';
import { LOCATION_TEXT, LocationsError, LocationsErrorCode } from './locations.errors';

/** A save of the Location form: the form fields, `addressID` when editing, `primary`, and optionally the `version` edited. */
export interface SaveLocationCommand extends LocationInput {
  /** Absent, null or 0: a new location. */
  addressID?: number | null;
  /** true makes this the primary (the old one is unmarked); false on the primary is refused; absent keeps it. */
  primary?: boolean | null;
  /** The version the client edited; when given and not current, the save is refused (409). */
  version?: number | null;
}

/** Fields a react-admin list may sort by. */
export const LOCATION_SORTABLE = [
  'id',
  'facilityName',
  'addressStreet1',
  'addressCity',
  'countryCode',
  'stateCode',
  'postalCode',
  'primary',
] as const;
const LOCATION_FILTERS = new Set(['id', 'q', 'primary', 'countryCode']);

/** The page query's total column (no column of house_address is named so). */
const TOTAL = '__total';

/** Namespace of the per-house advisory lock that serialises location writes ('LOC'). */
const LOCATIONS_LOCK_NS = 0x4c4f43;

/**
 * House locations. Every method is scoped by the caller's house: another house's address id is
 * simply not found (404). Rules the UI shows are enforced here: the form rules (location-rules.ts),
 * the first location is primary, a primary is replaced but never unmarked, at most one primary
 * (also a partial unique index), the primary and addresses in use cannot be deleted.
 */
@Injectable()
export class LocationsService {
  private readonly usageChecks: AddressUsageCheck[] = [];
  private columns?: Columns;
  /** Property name to its quoted column name. */
  private columnOf?: Map<string, string>;

  constructor(
    private readonly em: EntityManager,
    private readonly geo: GeoService,
  ) {}

  /** For modules that keep address ids (templates, ...): their references make an address undeletable. */
  registerUsageCheck(check: AddressUsageCheck): void {
    if (!this.usageChecks.some((c) => c.name === check.name)) this.usageChecks.push(check);
  }

  /** The house's locations, primary first, then in creation order. */
  async list(houseId: number): Promise<HouseAddressView[]> {
    const rows = await this.em.find(
      HouseAddress,
      { house: houseId, deletedAt: null },
      { orderBy: { primary: QueryOrder.DESC, id: QueryOrder.ASC } },
    );
    return rows.map((a) => toHouseAddressView(a, this.geo));
  }

  /**
   * A react-admin page: sort, range and filter (`id`, `q`, `primary`, `countryCode`). A hot read:
   * the two statements are written as parameterised SQL (`?` values, column names from the
   * entity's metadata only) and rows mapped as plain data; the ORM's query builder and hydration,
   * and even knex's builder, cost several times the two queries.
   */
  async page(houseId: number, query: RaListQuery): Promise<{ rows: HouseAddressView[]; total: number }> {
    const columns = (this.columns ??= scalarColumns(this.em.getMetadata().get(HouseAddress)));
    const columnOf = (this.columnOf ??= new Map<string, string>(columns.map(([prop, column]) => [prop, `"${column}"`])));
    const col = (prop: string): string => columnOf.get(prop)!;
    const conds = ['"house_id" = ?', '"deleted_at" is null'];
    const params: unknown[] = [houseId];
    for (const [key, value] of Object.entries(query.filter)) {
      if (!LOCATION_FILTERS.has(key)) throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter by ${key}.`);
      if (value === undefined || value === null || value === '') continue;
      if (key === 'id') {
        // Ids as numbers or digits; anything else is skipped.
        const ids =
          raFilterIds((Array.isArray(value) ? value : [value]).map((v) => Number(v)).filter((n) => Number.isSafeInteger(n))) ?? [];
        if (!ids.length) conds.push('false');
        else {
          conds.push(`"id" in (${placeholders(ids)})`);
          params.push(...ids);
        }
      } else if (key === 'q') {
        const like = likeContains(String(value).trim());
        const searched = ['facilityName', 'addressStreet1', 'addressCity', 'postalCode'];
        conds.push(`(${searched.map((prop) => `${col(prop)} ilike ?`).join(' or ')})`);
        params.push(...searched.map(() => like));
      } else if (key === 'primary') {
        conds.push('"primary" = ?');
        params.push(value === true || value === 'true');
      } else if (key === 'countryCode') {
        conds.push('"country_code" = ?');
        params.push(toSpec(String(value)));
      }
    }
    const where = conds.join(' and ');
    const orderBy = query.sort
      ? `${col(query.sort.field)} ${query.sort.order === 'ASC' ? 'asc' : 'desc'}, "id" asc`
      : '"primary" desc, "id" asc';
    const conn = this.em.getConnection();
    // One statement: the page with the total beside each row (`count(*) over ()` counts before the
    // limit). Only a page past the end has no row to carry it, and then the count is asked alone.
    const rows = await conn.execute<Record<string, unknown>[]>(
      `select *, count(*) over () as "${TOTAL}" from "house_address" where ${where} order by ${orderBy} limit ? offset ?`,
      [...params, query.limit, query.offset],
    );
    const total = rows.length
      ? Number(rows[0][TOTAL])
      : query.offset > 0 || query.limit < 1
        ? Number((await conn.execute<{ n: number }[]>(`select count(*) as "n" from "house_address" where ${where}`, params))[0].n)
        : 0;
    return { rows: rows.map((r) => toHouseAddressView(toPlain<HouseAddress>(r, columns), this.geo)), total };
  }

  /** One live location of the house, or 404. */
  async get(houseId: number, id: number): Promise<HouseAddressView> {
    const view = await this.findForHouse(houseId, id);
    if (!view) throw notFound();
    return view;
  }

  /** One live location of the house, or null (another house's id is null too). */
  async findForHouse(houseId: number, id: number): Promise<HouseAddressView | null> {
    if (!isId(id)) return null;
    const a = await this.em.findOne(HouseAddress, { id, house: houseId, deletedAt: null });
    return a ? toHouseAddressView(a, this.geo) : null;
  }

  async primaryOf(houseId: number): Promise<HouseAddressView | null> {
    const a = await this.em.findOne(HouseAddress, { house: houseId, primary: true, deletedAt: null });
    return a ? toHouseAddressView(a, this.geo) : null;
  }

  /** The ids of the house's live locations (for modules that let users pick one). */
  async locationIds(houseId: number): Promise<number[]> {
    const rows = await this.em.find(HouseAddress, { house: houseId, deletedAt: null }, { fields: ['id'], orderBy: { id: QueryOrder.ASC } });
    return rows.map((r) => r.id);
  }

  /** Creates (no addressID) or updates a location of the house; answers the saved location. */
  async save(houseId: number, cmd: SaveLocationCommand): Promise<HouseAddressView> {
    const check = checkLocation(cmd, this.geo);
    if (!check.ok) throw validationError(check);
    const { values } = check;
    const editing = cmd.addressID !== undefined && cmd.addressID !== null && cmd.addressID !== 0;
    if (editing && !isId(cmd.addressID)) throw notFound();

    return this.em.transactional(async (em) => {
      await lockHouseLocations(em, houseId);
      // Counted before anything is assigned: a query would auto-flush pending changes.
      const otherPrimary = await em.count(HouseAddress, {
        house: houseId,
        primary: true,
        deletedAt: null,
        ...(editing ? { id: { $ne: cmd.addressID! } } : {}),
      });
      let address: HouseAddress;
      if (editing) {
        const found = await em.findOne(HouseAddress, { id: cmd.addressID!, house: houseId, deletedAt: null });
        if (!found) throw notFound();
        if (cmd.version !== undefined && cmd.version !== null && cmd.version !== found.version) {
          throw new LocationsError(LocationsErrorCode.STALE_VERSION, LOCATION_TEXT.staleVersion);
        }
        if (found.primary && cmd.primary === false) {
          throw new LocationsError(LocationsErrorCode.PRIMARY_CANNOT_BE_UNMARKED, LOCATION_TEXT.primaryCannotBeUnmarked, {
            primary: LOCATION_TEXT.primaryCannotBeUnmarked,
          });
        }
        address = found;
      } else {
        address = em.create(HouseAddress, { house: em.getReference(House, houseId), ...values, timeZoneId: undefined, primary: false });
      }
      const countryChanged = editing && address.countryCode !== values.countryCode;
      em.assign(address, {
        facilityName: values.facilityName ?? undefined,
        addressStreet1: values.addressStreet1,
        addressStreet2: values.addressStreet2 ?? undefined,
        addressCity: values.addressCity,
        countryCode: values.countryCode,
        stateCode: values.stateCode ?? undefined,
        province: values.province ?? undefined,
        postalCode: values.postalCode,
        addressPhone: values.addressPhone ?? undefined,
        addressFax: values.addressFax ?? undefined,
        email: values.email ?? undefined,
      });
      // em.assign skips undefined: clear emptied optional fields explicitly.
      for (const f of ['facilityName', 'addressStreet2', 'stateCode', 'province', 'addressPhone', 'addressFax', 'email'] as const) {
        if (values[f] === null) address[f] = null as never;
      }
      if (values.timeZoneId !== undefined) address.timeZoneId = values.timeZoneId ?? (null as never);
      else if (!editing || countryChanged) address.timeZoneId = this.geo.defaultTimeZone(values.countryCode) ?? (null as never);

      // The first location is always primary, and so is any save while the house has none;
      // marking one primary unmarks the old one in this transaction (before the flush, for the unique index).
      if (!address.primary && (cmd.primary === true || otherPrimary === 0)) {
        if (otherPrimary > 0) {
          await em.execute(
            'update "house_address" set "primary" = false, "version" = "version" + 1, "updated_at" = now() where "house_id" = ? and "primary" and "deleted_at" is null',
            [houseId],
          );
        }
        address.primary = true;
      }
      await em.flush();
      return toHouseAddressView(address, this.geo);
    });
  }

  /**
   * Soft-deletes a location (invoices and templates printed earlier keep it). Refused for the
   * primary and for an address something still refers to (sessions, registered checks).
   * Answers the location as it was.
   */
  async delete(houseId: number, id: number): Promise<HouseAddressView> {
    if (!isId(id)) throw notFound();
    return this.em.transactional(async (em) => {
      await lockHouseLocations(em, houseId);
      const address = await em.findOne(HouseAddress, { id, house: houseId, deletedAt: null });
      if (!address) throw notFound();
      if (address.primary) throw new LocationsError(LocationsErrorCode.PRIMARY_NOT_DELETABLE, LOCATION_TEXT.primaryNotDeletable);
      for (const check of this.usageChecks) {
        const refusal = await check.usage(em, houseId, id);
        if (refusal) throw new LocationsError(LocationsErrorCode.LOCATION_IN_USE, refusal);
      }
      const view = toHouseAddressView(address, this.geo);
      address.deletedAt = new Date();
      await em.flush();
      return view;
    });
  }
}

/** Location writes of one house run one at a time (primary swaps, first-location rule, delete checks). */
async function lockHouseLocations(em: EntityManager, houseId: number): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?, ?)', [LOCATIONS_LOCK_NS, houseId]);
}

function isId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
}

function notFound(): LocationsError {
  return new LocationsError(LocationsErrorCode.NOT_FOUND, LOCATION_TEXT.notFound);
}

/**
 * A bad country or postal code is the spec's error code 302 with its text; other failures are
 * field errors with the first one as the message. Both carry every field error in `errors`.
 */
function validationError(check: Extract<LocationCheck, { ok: false }>): LocationsError {
  if (check.formatError) return new LocationsError(LocationsErrorCode.COUNTRY_POSTAL_FORMAT, LOCATION_TEXT.verifyFormat, check.errors);
  return new LocationsError(LocationsErrorCode.VALIDATION_FAILED, Object.values(check.errors)[0], check.errors);
}
