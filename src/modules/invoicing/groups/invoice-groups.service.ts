import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { dateIn } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { RaListQuery, raFilterIds } from '../../../core/http/ra-list-query';
import { JobsService } from '../../../core/queue/jobs.service';
import { CatalogsService, type SessionRow } from '../../catalogs/catalogs.service';
import { HouseAddress } from '../../houses/locations/house-address.entity';
import { LotsService } from '../../lots/lots.service';
import { LotResultLocks } from '../../lots/results/result-locks';
import { applyCostPerLotOf } from '../invoices/invoice-builder';
import { singleCurrency } from '../math';
import { InvoiceTemplate } from '../templates/invoice-template.entity';
import { InvoiceTemplatesService } from '../templates/invoice-templates.service';
import { InvoiceGroup } from './invoice-group.entity';
import { InvoiceGroupCatalog } from './invoice-group-catalog.entity';
import {
  assertSameSaleLocation,
  catalogRefs as parseCatalogRefs,
  DateRange,
  dateRange,
  groupTitle,
  Paging,
  templateId as parseTemplateId,
  usDate,
} from './invoice-group-rules';
import { GROUP_TEXT } from './invoice-group-texts';
import { InvoiceGroupsError, InvoiceGroupsErrorCode } from './invoice-groups.errors';
import { CREATE_GROUP_INVOICES } from './jobs/create-group-invoices.job';
import { likeContains, placeholders } from '../../../core/validation/sql-text';

/** One session of `data.auctionGroups[].catalogs` (spec 000 §3, "Uninvoiced auction group"). */
export interface UninvoicedCatalog {
  catalogRef: string;
  catalogID: number;
  /** The session's start as an ISO 8601 instant; shown in `timeZone`. */
  catalogDateFull: string;
  /** The session's calendar date in its own time zone, MM/DD/YYYY. */
  catalogDate: string;
  timeZone: string;
  catalogTitle: string;
  addressID: number | null;
  saleType: SessionRow['saleType'];
  currencyCode: string;
  /** Sold lots not yet on an invoice. */
  uninvoicedLots: number;
}

export interface UninvoicedAuctionGroup {
  groupID: number;
  groupName: string;
  catalogs: UninvoicedCatalog[];
}

export interface GroupCatalogView {
  /** MM/DD/YYYY, the session's date in its own time zone. */
  date: string;
  title: string;
  catalogID: number;
  catalogRef: string;
}

/** One entry of `data.invoices` of the Existing Invoices call (spec 000 §3, "Invoice group"). */
export interface InvoiceGroupSummary {
  invoiceGroupID: number;
  invoiceGroupTitle: string;
  invoiceGroupSettingsID: number;
  invoiceCreated: boolean;
  /** Why the creation job failed for good (then a retry is offered); null otherwise. */
  creationError: string | null;
  /** The creation job (progress at GET /api/jobs/{id}). */
  creationJobID: string | null;
  createdAt: string;
  catalogs: GroupCatalogView[];
}

/** `/api/invoice-groups` record: the summary with `id` and what API consumers want besides. */
export interface InvoiceGroupRecord extends InvoiceGroupSummary {
  id: number;
  currencyCode: string;
  saleAddressID: number | null;
  invoiceCount: number;
}

export interface CreateGroupInput {
  catalogRefs?: unknown;
  groupTitle?: unknown;
  invoiceSettingsID?: unknown;
}

export interface CreatedGroup {
  invoiceGroupID: number;
  /** False when the request repeated an earlier one (same Idempotency-Key, or a double click). */
  created: boolean;
  creationJobID: string | null;
}

/** Sort fields of `/api/invoice-groups` and their columns. */
const SORT_COLUMNS = { id: 'g.id', invoiceGroupTitle: 'g.title', createdAt: 'g.created_at', invoiceCreated: 'g.invoice_created' } as const;
export const GROUP_SORTABLE = Object.keys(SORT_COLUMNS) as (keyof typeof SORT_COLUMNS)[];

/** Namespace of the per-house advisory lock that serialises group creation. */
const CREATE_LOCK = 0x1a9c0001;
/** A repeated identical request answers the group it made when that group is this young (double click). */
const REPEAT_WINDOW_SECONDS = 120;

interface GroupRow {
  id: number;
  title: string;
  template_id: number;
  invoice_created: boolean;
  creation_error: string | null;
  creation_job_id: string | null;
  created_at: Date | string;
  currency_code: string;
  sale_address_id: number | null;
  invoice_count: number;
  total?: string | number;
}

const GROUP_SELECT = `select g.id, g.title, g.template_id, g.invoice_created, g.creation_error, g.creation_job_id, g.created_at, g.currency_code,
  g.sale_address_id, (select count(*) from invoice i where i.group_id = g.id)::int as invoice_count`;

/**
 * Invoice groups of a house: the uninvoiced sessions they are made from, their creation (a queued
 * job builds the invoices, see InvoiceBuilder), the Existing Invoices list and the REST resource.
 * Every read and write is scoped by the caller's house; another house's group or session is a 404.
 */
@Injectable()
export class InvoiceGroupsService {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogs: CatalogsService,
    private readonly lots: LotsService,
    private readonly templates: InvoiceTemplatesService,
    private readonly jobs: JobsService,
    private readonly resultLocks: LotResultLocks,
  ) {}

  // --- Uninvoiced sessions ----------------------------------------------------------------------

  /**
   * Sessions whose sold lots are not all invoiced, grouped by sale (`data.auctionGroups`), most
   * recent sale first, sessions by date. Sessions of a group whose invoices are being created are
   * left out: they are spoken for. `totalRecords` counts sales.
   */
  async uninvoicedSessions(houseId: number, page: Paging): Promise<{ auctionGroups: UninvoicedAuctionGroup[]; totalRecords: number }> {
    const conn = this.em.getConnection();
    const [sessions, sold, invoiced, busy] = await Promise.all([
      this.catalogs.sessions(houseId),
      this.lots.soldCountsByCatalog(houseId),
      this.invoicedCounts(houseId),
      conn.execute(
        `select distinct gc.catalog_id from invoice_group g join invoice_group_catalog gc on gc.group_id = g.id
          where g.house_id = ? and not g.invoice_created and g.creation_error is null`,
        [houseId],
      ) as Promise<{ catalog_id: number }[]>,
    ]);
    const spoken = new Set(busy.map((r) => r.catalog_id));
    const groups = new Map<number, { group: UninvoicedAuctionGroup; latest: number }>();
    for (const s of sessions) {
      const open = (sold.get(s.catalogId) ?? 0) - (invoiced.get(s.catalogId) ?? 0);
      if (open <= 0 || spoken.has(s.catalogId)) continue;
      let g = groups.get(s.groupId);
      if (!g) groups.set(s.groupId, (g = { group: { groupID: s.groupId, groupName: s.groupName, catalogs: [] }, latest: 0 }));
      g.latest = Math.max(g.latest, s.eventDate.getTime());
      g.group.catalogs.push({
        catalogRef: s.catalogRef,
        catalogID: s.catalogId,
        catalogDateFull: s.eventDate.toISOString(),
        catalogDate: usDate(dateIn(s.eventDate, s.timeZone)),
        timeZone: s.timeZone,
        catalogTitle: s.title,
        addressID: s.addressId,
        saleType: s.saleType,
        currencyCode: s.currencyCode,
        uninvoicedLots: open,
      });
    }
    const ordered = [...groups.values()].sort((a, b) => b.latest - a.latest || b.group.groupID - a.group.groupID).map((g) => g.group);
    for (const g of ordered) g.catalogs.sort((a, b) => a.catalogDateFull.localeCompare(b.catalogDateFull) || a.catalogID - b.catalogID);
    return { auctionGroups: ordered.slice(page.offset, page.offset + page.size), totalRecords: ordered.length };
  }

  /** Lines per session of the house (what is invoiced, per session). */
  private async invoicedCounts(houseId: number, catalogIds?: readonly number[], em: EntityManager = this.em): Promise<Map<number, number>> {
    if (catalogIds && !catalogIds.length) return new Map();
    const rows: { catalog_id: number; n: number }[] = await em.execute(
      `select catalog_id, count(*)::int as n from invoice_line where house_id = ? ${catalogIds ? `and catalog_id in (${placeholders(catalogIds)})` : ''} group by catalog_id`,
      [houseId, ...(catalogIds ?? [])],
    );
    return new Map(rows.map((r) => [r.catalog_id, r.n]));
  }

  // --- Creation ---------------------------------------------------------------------------------

  /**
   * `POST invoiceGroup`: checks every rule (template, name, sessions of the house, uninvoiced,
   * one sale location, one currency), creates the group with `invoiceCreated` false and its
   * sessions, then enqueues the job that builds the invoices.
   *
   * Creating twice is answered once: the same `Idempotency-Key` answers the group it created; an
   * identical request (same sessions, name and template) answers the group it made while that
   * group is being created or for two minutes after; any other request over sessions of a group
   * being created is refused (409). Checks and insert run under a per-house advisory lock, so two
   * requests at once cannot both pass the checks.
   */
  async create(houseId: number, userId: number | null, input: CreateGroupInput, key: string | null = null): Promise<CreatedGroup> {
    const fields: Record<string, string> = {};
    const attempt = <T>(fn: () => T): T | undefined => {
      try {
        return fn();
      } catch (e) {
        if (e instanceof InvoiceGroupsError && e.fieldErrors) Object.assign(fields, e.fieldErrors);
        else throw e;
        return undefined;
      }
    };
    const tid = attempt(() => parseTemplateId(input.invoiceSettingsID));
    const title = attempt(() => groupTitle(input.groupTitle));
    const refs = attempt(() => parseCatalogRefs(input.catalogRefs));
    if (tid === undefined || title === undefined || refs === undefined) throw InvoiceGroupsError.invalid(fields);

    const template = await this.templates.snapshot(houseId, tid);
    if (!template.active)
      throw new InvoiceGroupsError(InvoiceGroupsErrorCode.TEMPLATE_INACTIVE, GROUP_TEXT.templateInactive, {
        invoiceSettingsID: GROUP_TEXT.templateInactive,
      });
    const sessions = await this.catalogs.sessionsByRefs(houseId, refs);
    if (sessions.length !== refs.length) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.SESSION_NOT_FOUND, GROUP_TEXT.sessionNotFound);
    assertSameSaleLocation(sessions);
    const currencyCode = singleCurrency(sessions.map((s) => s.currencyCode));
    const catalogIds = sessions.map((s) => s.catalogId).sort((a, b) => a - b);
    const sold = await this.lots.soldCountsByCatalog(houseId);

    const outcome = await this.em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [CREATE_LOCK, houseId]);
      // The sales' results lock, shared with the results import: an import running now finishes
      // before the group exists (its results get invoiced); one starting later finds the sessions
      // being invoiced and leaves their results alone.
      await this.resultLocks.lockSales(
        tx,
        sessions.map((s) => s.groupId),
      );
      const same = (g: { title: string; template_id: number; catalogs: number[] }) =>
        g.title === title &&
        g.template_id === tid &&
        g.catalogs.length === catalogIds.length &&
        g.catalogs.every((c, i) => c === catalogIds[i]);

      if (key !== null) {
        const [prior] = await this.groupsWithCatalogs(tx, houseId, 'g.idempotency_key = ?', [key]);
        if (prior) {
          if (!same(prior)) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.IDEMPOTENCY_KEY_REUSED, GROUP_TEXT.idempotencyKeyReused);
          return { invoiceGroupID: prior.id, created: false, creationJobID: prior.creation_job_id };
        }
      }
      // Groups being created (or created a moment ago) over any of these sessions.
      const near = await this.groupsWithCatalogs(
        tx,
        houseId,
        `((not g.invoice_created and g.creation_error is null) or g.created_at > now() - make_interval(secs => ?))
           and exists (select 1 from invoice_group_catalog x where x.group_id = g.id and x.catalog_id in (${placeholders(catalogIds)}))`,
        [REPEAT_WINDOW_SECONDS, ...catalogIds],
      );
      const repeat = near.find((g) => g.creation_error === null && same(g));
      if (repeat) return { invoiceGroupID: repeat.id, created: false, creationJobID: repeat.creation_job_id };
      const busy = near.find((g) => !g.invoice_created && g.creation_error === null);
      if (busy) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.SESSIONS_BEING_INVOICED, GROUP_TEXT.beingInvoiced(busy.title));

      const invoiced = await this.invoicedCounts(houseId, catalogIds, tx);
      for (const s of sessions) {
        const n = sold.get(s.catalogId) ?? 0;
        if (n === 0) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.SESSIONS_NOT_INVOICEABLE, GROUP_TEXT.noSoldLots(s.title));
        if ((invoiced.get(s.catalogId) ?? 0) >= n)
          throw new InvoiceGroupsError(InvoiceGroupsErrorCode.SESSIONS_NOT_INVOICEABLE, GROUP_TEXT.alreadyInvoiced(s.title));
      }

      const group = tx.create(InvoiceGroup, {
        house: houseId,
        title,
        template: tx.getReference(InvoiceTemplate, tid),
        saleAddress: sessions[0].addressId === null ? null : tx.getReference(HouseAddress, sessions[0].addressId),
        currencyCode,
        createdByUserId: userId,
        idempotencyKey: key,
      });
      await tx.flush();
      for (const s of sessions)
        tx.create(InvoiceGroupCatalog, { group, catalog: s.catalogId, sessionDate: dateIn(s.eventDate, s.timeZone) });
      await tx.flush();
      return { invoiceGroupID: group.id, created: true, creationJobID: null as string | null };
    });
    // After the commit, so the job always finds the group. A crash right here leaves the group
    // without a job: repeating the request (or POST /api/invoice-groups/{id}/retry) enqueues it.
    if (outcome.creationJobID === null)
      outcome.creationJobID = await this.enqueueCreation(houseId, outcome.invoiceGroupID, `group-${outcome.invoiceGroupID}`);
    return outcome;
  }

  private async groupsWithCatalogs(em: EntityManager, houseId: number, where: string, params: unknown[]) {
    const rows: (Omit<GroupRow, 'invoice_count'> & { catalogs: number[] })[] = await em.execute(
      `select g.id, g.title, g.template_id, g.invoice_created, g.creation_error, g.creation_job_id, g.created_at, g.currency_code, g.sale_address_id,
              array(select gc.catalog_id from invoice_group_catalog gc where gc.group_id = g.id order by gc.catalog_id) as catalogs
         from invoice_group g where g.house_id = ? and ${where} order by g.id desc`,
      [houseId, ...params],
    );
    return rows.map((r) => ({ ...r, catalogs: r.catalogs.map(Number) }));
  }

  private async enqueueCreation(houseId: number, groupId: number, key: string): Promise<string> {
    // Linked before the job can start: the build locks the group's row for its whole transaction.
    const job = await this.jobs.enqueue(
      CREATE_GROUP_INVOICES,
      { groupId },
      {
        houseId,
        key,
        beforeDispatch: (runId) =>
          this.em.execute('update invoice_group set creation_job_id = ?, creation_error = null where id = ? and house_id = ?', [
            runId,
            groupId,
            houseId,
          ]),
      },
    );
    return job.id;
  }

  /**
   * `POST /api/invoice-groups/{id}/retry`: revives a group whose creation failed (same group id,
   * same sessions) by enqueueing its creation again, and answers the group, now in progress.
   * Idempotent: while the group's creation is queued or running, a retry (a double click, a
   * repeated request) answers the group as it is and enqueues nothing; the row lock makes two
   * retries at once take turns, and the run's key (the failed run it replaces) makes them one run
   * even if they did not. A group in progress whose job is lost gets a new one. 409 once created.
   */
  async retryCreation(houseId: number, id: number): Promise<InvoiceGroupRecord> {
    const links: { catalog_id: number }[] = await this.em
      .getConnection()
      .execute(
        'select gc.catalog_id from invoice_group_catalog gc join invoice_group g on g.id = gc.group_id where g.id = ? and g.house_id = ?',
        [id, houseId],
      );
    const sales = (
      await this.catalogs.sessions(
        houseId,
        links.map((l) => l.catalog_id),
      )
    ).map((s) => s.groupId);
    const key = await this.em.transactional(async (tx): Promise<string | null> => {
      // As at creation: the sessions become "being invoiced" again only between two imports.
      await this.resultLocks.lockSales(tx, sales);
      const [g]: { invoice_created: boolean; creation_error: string | null; creation_job_id: string | null }[] = await tx.execute(
        'select invoice_created, creation_error, creation_job_id from invoice_group where id = ? and house_id = ? for update',
        [id, houseId],
      );
      if (!g) throw InvoiceGroupsError.groupNotFound();
      if (g.invoice_created) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.GROUP_ALREADY_CREATED, GROUP_TEXT.alreadyCreated);
      // The run's status in a statement of its own, read once the row is locked. Joined to the locked
      // read, a row another retry had just linked to its new run came back with that run's id and no
      // status (PostgreSQL rechecks only the locked row), and a second run was enqueued.
      const [run]: { status: string }[] = g.creation_job_id
        ? await tx.execute('select status from job_run where id = ?', [g.creation_job_id])
        : [];
      const inProgress = g.creation_error === null && (run?.status === 'queued' || run?.status === 'running');
      if (inProgress) return null;
      await tx.execute('update invoice_group set creation_error = null where id = ?', [id]);
      return `group-${id}-after-${g.creation_job_id ?? 'none'}`;
    });
    // After the commit (the in-process driver may start the job at once, and it must not run inside
    // this transaction). A retry arriving meanwhile derives the same key: the same run.
    if (key !== null) await this.enqueueCreation(houseId, id, key);
    return this.get(houseId, id);
  }

  /**
   * Records why the creation failed for good (the job's failure handler). `runId`: the run that
   * failed; a failure of an earlier run does not touch a group whose retry is under way.
   */
  async recordCreationFailure(houseId: number, id: number, message: string, runId: string | null = null): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        'update invoice_group set creation_error = ? where id = ? and house_id = ? and not invoice_created and (?::uuid is null or creation_job_id is null or creation_job_id = ?::uuid)',
        [message.slice(0, 2000) || 'The invoices could not be created.', id, houseId, runId, runId],
      );
  }

  /**
   * Groups left "in progress" with nothing at work on them: their creation run failed without its
   * failure handler running (e.g. the database was away at that moment) or finished without
   * creating them, or they never got a run (a crash between the commit and the enqueue, older than
   * `graceSeconds`). The first get their failure recorded (a retry is offered); the others get
   * their run. Idempotent; run at start and every few minutes (InvoiceGroupRecoveryTasks).
   */
  async recoverStuckCreations(graceSeconds = 60): Promise<{ failed: number; enqueued: number }> {
    const conn = this.em.getConnection();
    const stuck: { id: number; house_id: number; creation_job_id: string | null; job_status: string | null; job_error: string | null }[] =
      await conn.execute(
        `select g.id, g.house_id, g.creation_job_id, j.status as job_status, j.error as job_error
           from invoice_group g left join job_run j on j.id = g.creation_job_id
          where not g.invoice_created and g.creation_error is null
            and (j.status in ('failed', 'completed') or (j.id is null and g.created_at < now() - make_interval(secs => ?)))
          order by g.id limit 1000`,
        [graceSeconds],
      );
    let failed = 0;
    let enqueued = 0;
    for (const g of stuck) {
      if (g.job_status === 'failed') {
        await this.recordCreationFailure(g.house_id, g.id, g.job_error ?? 'The invoices could not be created.', g.creation_job_id);
        failed++;
      } else {
        await this.retryCreation(g.house_id, g.id).catch((e: unknown) => {
          if (!(e instanceof InvoiceGroupsError)) throw e; // created or deleted meanwhile
        });
        enqueued++;
      }
    }
    return { failed, enqueued };
  }

  // --- Reading ----------------------------------------------------------------------------------

  /** `GET invoiceGroups`: newest first, optionally only groups with a session in the date range. */
  async page(houseId: number, paging: Paging, range: DateRange | null): Promise<{ invoices: InvoiceGroupSummary[]; totalRecords: number }> {
    const { rows, total } = await this.query(
      houseId,
      range ? [this.dateCondition(range)] : [],
      'g.created_at desc, g.id desc',
      paging.size,
      paging.offset,
    );
    const records = await this.records(houseId, rows);
    return { invoices: records.map(summaryOf), totalRecords: total };
  }

  /** `/api/invoice-groups`: ra-data-simple-rest sort, range and filter (q, id, invoiceCreated, startDate, endDate, invoiceGroupSettingsID). */
  async list(houseId: number, q: RaListQuery): Promise<{ records: InvoiceGroupRecord[]; total: number }> {
    const conditions: { sql: string; params: unknown[] }[] = [];
    let start: unknown;
    let end: unknown;
    for (const [k, v] of Object.entries(q.filter)) {
      if (v === undefined || v === null || v === '') continue;
      if (k === 'q' && typeof v === 'string') {
        conditions.push({ sql: `g.title ilike ? escape '\\'`, params: [likeContains(v.trim())] });
      } else if (k === 'id' && raFilterIds(v) !== null) {
        const ids = raFilterIds(v) ?? [];
        conditions.push(ids.length ? { sql: `g.id in (${placeholders(ids)})`, params: ids } : { sql: 'false', params: [] });
      } else if (k === 'invoiceCreated' && typeof v === 'boolean') {
        conditions.push({ sql: 'g.invoice_created = ?', params: [v] });
      } else if (k === 'invoiceGroupSettingsID' && Number.isSafeInteger(v)) {
        conditions.push({ sql: 'g.template_id = ?', params: [v] });
      } else if (k === 'startDate' || k === 'start') {
        start = v;
      } else if (k === 'endDate' || k === 'end') {
        end = v;
      } else {
        throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter invoice groups by ${k}=${JSON.stringify(v)}.`);
      }
    }
    const range = dateRange(start, end);
    if (range) conditions.push(this.dateCondition(range));
    const field = (q.sort?.field ?? 'createdAt') as keyof typeof SORT_COLUMNS;
    const dir = q.sort?.order === 'ASC' ? 'asc' : 'desc';
    const { rows, total } = await this.query(houseId, conditions, `${SORT_COLUMNS[field]} ${dir}, g.id ${dir}`, q.limit, q.offset);
    return { records: await this.records(houseId, rows), total };
  }

  async get(houseId: number, id: number): Promise<InvoiceGroupRecord> {
    const { rows } = await this.query(houseId, [{ sql: 'g.id = ?', params: [id] }], 'g.id', 1, 0);
    if (!rows.length) throw InvoiceGroupsError.groupNotFound();
    return (await this.records(houseId, rows))[0];
  }

  /**
   * `GET invoiceGroup/{id}/applyCostPerLot`: the flag of the group's first invoice, or, before
   * its invoices exist, what they will carry (from the template: see applyCostPerLotOf).
   */
  async applyCostPerLot(houseId: number, id: number): Promise<boolean> {
    const rows: { template_id: number; first: boolean | null }[] = await this.em.getConnection().execute(
      `select g.template_id, (select i.apply_cost_per_lot from invoice i where i.group_id = g.id order by i.invoice_number limit 1) as first
         from invoice_group g where g.id = ? and g.house_id = ?`,
      [id, houseId],
    );
    if (!rows[0]) throw InvoiceGroupsError.groupNotFound();
    if (rows[0].first !== null) return rows[0].first;
    return applyCostPerLotOf(await this.templates.charging(houseId, rows[0].template_id));
  }

  /**
   * Deletes a group with its invoices, which puts its lots back among the uninvoiced ones. Refused
   * (409) once any invoice of it was sent or has a payment, a paid mark or an online payment.
   */
  async remove(houseId: number, id: number): Promise<InvoiceGroupRecord> {
    const record = await this.get(houseId, id);
    await this.em.transactional(async (tx) => {
      const locked = await tx.execute('select id from invoice_group where id = ? and house_id = ? for update', [id, houseId]);
      if (!locked.length) throw InvoiceGroupsError.groupNotFound();
      const [{ used }] = await tx.execute<{ used: boolean }[]>(
        `select exists (select 1 from invoice i where i.group_id = ? and (i.sent_at is not null or i.all_paid or i.paid_date is not null
                  or i.payments_made_cents <> 0 or i.online_payment_stat is not null))
             or exists (select 1 from invoice_line l join invoice i on i.id = l.invoice_id where i.group_id = ?
                  and (l.paid or l.paid_date is not null or l.amount_paid_cents <> 0 or l.online_payment_stat is not null)) as used`,
        [id, id],
      );
      if (used) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.GROUP_NOT_DELETABLE, GROUP_TEXT.notDeletable);
      await tx.execute('delete from invoice_group where id = ? and house_id = ?', [id, houseId]);
    });
    return record;
  }

  private dateCondition(range: DateRange): { sql: string; params: unknown[] } {
    return {
      sql: 'exists (select 1 from invoice_group_catalog d where d.group_id = g.id and d.session_date between ?::date and ?::date)',
      params: [range.from, range.to],
    };
  }

  private async query(
    houseId: number,
    conditions: { sql: string; params: unknown[] }[],
    orderBy: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: GroupRow[]; total: number }> {
    const where = ['g.house_id = ?', ...conditions.map((c) => c.sql)].join(' and ');
    const params = [houseId, ...conditions.flatMap((c) => c.params)];
    const conn = this.em.getConnection();
    const rows: GroupRow[] = await conn.execute(
      `${GROUP_SELECT}, count(*) over () as total from invoice_group g where ${where} order by ${orderBy} limit ? offset ?`,
      [...params, limit, offset],
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && offset > 0)
      total = Number((await conn.execute(`select count(*) as n from invoice_group g where ${where}`, params))[0].n);
    return { rows, total };
  }

  /** Rows to records, with their sessions (titles from the catalogs module, dates as of creation). */
  private async records(houseId: number, rows: GroupRow[]): Promise<InvoiceGroupRecord[]> {
    if (!rows.length) return [];
    const links: { group_id: number; catalog_id: number; session_date: string | Date }[] = await this.em.getConnection().execute(
      `select group_id, catalog_id, to_char(session_date, 'YYYY-MM-DD') as session_date from invoice_group_catalog
        where group_id in (${placeholders(rows)}) order by session_date, catalog_id`,
      rows.map((r) => r.id),
    );
    const sessions = new Map(
      (await this.catalogs.sessions(houseId, [...new Set(links.map((l) => l.catalog_id))])).map((s) => [s.catalogId, s]),
    );
    const byGroup = new Map<number, GroupCatalogView[]>();
    for (const l of links) {
      const s = sessions.get(l.catalog_id);
      if (!s) continue;
      const list = byGroup.get(l.group_id) ?? [];
      list.push({ date: usDate(String(l.session_date)), title: s.title, catalogID: s.catalogId, catalogRef: s.catalogRef });
      byGroup.set(l.group_id, list);
    }
    return rows.map((r) => ({
      id: r.id,
      invoiceGroupID: r.id,
      invoiceGroupTitle: r.title,
      invoiceGroupSettingsID: r.template_id,
      invoiceCreated: r.invoice_created,
      creationError: r.creation_error,
      creationJobID: r.creation_job_id,
      createdAt: new Date(r.created_at).toISOString(),
      catalogs: byGroup.get(r.id) ?? [],
      currencyCode: r.currency_code,
      saleAddressID: r.sale_address_id,
      invoiceCount: r.invoice_count,
    }));
  }
}

function summaryOf(r: InvoiceGroupRecord): InvoiceGroupSummary {
  return {
    invoiceGroupID: r.invoiceGroupID,
    invoiceGroupTitle: r.invoiceGroupTitle,
    invoiceGroupSettingsID: r.invoiceGroupSettingsID,
    invoiceCreated: r.invoiceCreated,
    creationError: r.creationError,
    creationJobID: r.creationJobID,
    createdAt: r.createdAt,
    catalogs: r.catalogs,
  };
}
