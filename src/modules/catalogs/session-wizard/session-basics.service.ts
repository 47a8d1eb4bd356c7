import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  addSessionBlockedBy,
  AUDIO_VIDEO,
  CALENDAR_TEXT,
  DEFAULT_TIMED_STAGGER,
  descriptionError,
  isTrackerValue,
  stepTrackerRangeText,
  isYes,
  SESSION_TEXT,
  sessionState,
  sessionTimeParts,
  to24Hour,
  validateSessionBasics,
  viewNotesError,
  zoneAbbreviation,
  zonedInstant,
  type SessionDefinition,
  type WizardSaleType,
} from '@ar/rules';
import { GeoService } from '../../houses/geo/geo.service';
import { PrivateLabelService } from '../../houses/private-label/private-label.service';
import { newRef } from '../../houses/identity/secrets';
import { CreateSaleDto, SessionBodyDto } from './dto/session-wizard.dto';
import { invalid, SessionWizardError, SessionWizardErrorCode } from './session-wizard.errors';
import { SessionDetailsService } from './session-details.service';

interface SessionDbRow {
  id: number;
  catalog_ref: string;
  group_id: number;
  title: string;
  sale_type: WizardSaleType | 'bin';
  event_date: Date | string;
  time_zone: string;
  currency_code: string;
  published: boolean;
  step_tracker: number | null;
  creator: string | null;
  timed_type: number | null;
  timed_value: number | null;
  resell_unsold_live_lots: boolean;
  audio_video: number;
  description: string;
  view_notes: string;
  consign_contact_id: number | null;
  sale_admin_id: number | null;
  expert_contact_id: number | null;
  address_id: number | null;
  house_id: number;
  house_user_name: string;
  house_name: string;
  vat_rate: number | null;
  terms_id: number | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  post_code: string | null;
  tel_no: string | null;
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

/** The house's VAT rate (thousandths of a percent) as the definition's percent: 20000 -> 20, 17500 -> 17.5. */
export const vatPercent = (rate: number | null | undefined): number | null => (rate === null || rate === undefined ? null : rate / 1000);

/**
 * The live/timed wizard's step 1 (spec 001 sections 5, 7): Add Sale's sale, a session created or
 * edited (title, location, date and time stored as a UTC instant with the location's zone, timed
 * stagger, resell toggle), the session definition, the house info and the step tracker. Every
 * query is scoped by house; another house's ids are the same 404 as unknown ones.
 */
@Injectable()
export class SessionBasicsService {
  constructor(
    private readonly em: EntityManager,
    private readonly geo: GeoService,
    private readonly details: SessionDetailsService,
    private readonly privateLabel: PrivateLabelService,
  ) {}

  /** `house/{houseID}/info`: whether unsold live lots may become a timed sale, the stagger default, each location's zone. */
  async houseInfo(houseId: number) {
    const house = await this.house(houseId);
    const addresses = await this.em.execute<{ id: number; time_zone_id: string | null; country_code: string }[]>(
      'select id, time_zone_id, country_code from house_address where house_id = ? and deleted_at is null order by id',
      [houseId],
    );
    const addressTimeZones: Record<string, string> = {};
    for (const a of addresses) addressTimeZones[a.id] = this.zoneOf(a, house.time_zone);
    return {
      houseID: houseId,
      houseName: house.name,
      liveToTimedEligible: house.live_or_timed_enabled,
      defaultTimedInterval: DEFAULT_TIMED_STAGGER,
      timeZone: house.time_zone,
      addressTimeZones,
    };
  }

  /** Add Sale for live and timed: the sale (auction group) with its type, name and terms; its sessions come from step 1. */
  async createSale(houseId: number, body: CreateSaleDto): Promise<{ groupID: number; isTimed: boolean }> {
    const house = await this.house(houseId);
    if (house.payment_processing_required && !house.payment_processing_enabled) {
      throw new SessionWizardError(SessionWizardErrorCode.SALE_NOT_ALLOWED, CALENDAR_TEXT.paymentProcessingRequired);
    }
    if (!house.live_or_timed_enabled)
      throw new SessionWizardError(SessionWizardErrorCode.SALE_NOT_ALLOWED, SESSION_TEXT.liveOrTimedDisabled);
    const errors: Record<string, string> = {};
    const title = (body.title ?? '').trim();
    if (!title) errors.title = CALENDAR_TEXT.saleTitleRequired;
    else if (title.length > 120) errors.title = SESSION_TEXT.saleTitleMax;
    const termsId = Number(body.termsID);
    const terms =
      Number.isInteger(termsId) && termsId > 0
        ? await this.eligibleTerms(houseId, termsId, house.processor_type === 'p' && house.payrix_eligible)
        : null;
    if (!terms) errors.termsID = CALENDAR_TEXT.termsRequired;
    if (Object.keys(errors).length) throw invalid(errors);
    const isTimed = body.isTimed === '1' || body.isTimed === 1 || body.isTimed === true;
    const rows = await this.em.execute<{ id: number }[]>(
      `insert into auction_group (house_id, group_name, is_live, is_timed, terms_id, currency_code, house_fee_step_enabled)
       values (?, ?, true, ?, ?, ?, ?) returning id`,
      [houseId, title, isTimed, termsId, house.currency_code, house.is_house_fee_step_active],
    );
    return { groupID: rows[0].id, isTimed };
  }

  /** An active template of the house that is processing-ready when the house processes cards (the calendar's eligibility). */
  private async eligibleTerms(houseId: number, id: number, cardHouse: boolean): Promise<boolean> {
    const rows = await this.em.execute<{ payrix_template: boolean }[]>(
      'select payrix_template from invoice_template where id = ? and house_id = ? and active',
      [id, houseId],
    );
    if (!rows[0]) return false;
    return !cardHouse || rows[0].payrix_template;
  }

  /** `GET /cps/app/catalog/{catalogID}`: the session definition. */
  async definition(houseId: number, catalogId: number): Promise<SessionDefinition> {
    const s = await this.row(houseId, catalogId);
    const start = new Date(s.event_date);
    const parts = sessionTimeParts(start, s.time_zone);
    const [categories, houseLogo] = await Promise.all([
      this.details.sessionCategories(houseId, catalogId),
      this.privateLabel.siteLogoUrl(houseId),
    ]);
    const contacts = { '1': s.consign_contact_id, '3': s.sale_admin_id, '4': s.expert_contact_id };
    const mmddyyyy = `${parts.date.slice(5, 7)}/${parts.date.slice(8, 10)}/${parts.date.slice(0, 4)}`;
    return {
      catalogID: s.id,
      catalogRef: s.catalog_ref,
      groupID: s.group_id,
      houseID: s.house_id,
      houseAlias: s.house_user_name,
      houseName: s.house_name,
      houseLogo,
      // The sale's terms (the invoice template chosen in Add Sale).
      invoiceGroupSettingsID: s.terms_id,
      title: s.title,
      saleType: s.sale_type,
      city: s.city,
      state: s.state,
      country: s.country,
      postCode: s.post_code,
      street1: s.street1,
      street2: s.street2,
      telNo: s.tel_no,
      currency: { code: s.currency_code, name: currencyNames.of(s.currency_code) ?? s.currency_code },
      vat: vatPercent(s.vat_rate),
      eventDateUTCString: start.toISOString(),
      date: mmddyyyy,
      dateEnd: mmddyyyy,
      hour: parts.hour,
      minute: parts.minute,
      ampm: parts.ampm,
      timeZone: s.time_zone,
      TZ_zoneName: zoneAbbreviation(parts.date, s.time_zone),
      isTimed: s.sale_type === 'timed',
      timedType: s.timed_type,
      timedValue: s.timed_value,
      audioVideo: s.audio_video,
      categoryIDs: categories.ids,
      categories: categories.byGroup,
      contacts,
      consignContact: s.consign_contact_id,
      saleAdmin: s.sale_admin_id,
      expertContact: s.expert_contact_id,
      description: s.description,
      viewNotes: s.view_notes,
      addressID: s.address_id,
      creator: s.creator,
      resellUnsoldLiveLots: s.resell_unsold_live_lots ? 'Y' : 'N',
      stepTracker: s.step_tracker,
      published: s.published,
    };
  }

  /**
   * Step 1 of a new session in the sale: the session limit and fee structure (group row locked, so
   * two creations cannot both take the last place), the rules, the address's saved defaults.
   */
  async createSession(houseId: number, groupId: number, creator: string, body: SessionBodyDto, now = new Date()): Promise<number> {
    const saleType: WizardSaleType = isYes(body.isTimed) || String(body.isTimed) === '1' ? 'timed' : 'live';
    return this.em.transactional(async (em) => {
      const groups = await em.execute<{ id: number; group_name: string; house_fee_step_enabled: boolean; currency_code: string }[]>(
        'select id, group_name, house_fee_step_enabled, currency_code from auction_group where id = ? and house_id = ? and is_live for update',
        [groupId, houseId],
      );
      const g = groups[0];
      if (!g) throw SessionWizardError.groupNotFound();
      const house = await this.house(houseId, em);
      const count = await em.execute<{ n: number }[]>(
        `select count(*)::int as n from catalog where group_id = ? and house_id = ? and sale_type <> 'bin'`,
        [groupId, houseId],
      );
      const blocked = addSessionBlockedBy(count[0].n, g.house_fee_step_enabled, house.is_house_fee_step_active);
      if (blocked === 'maxSessions') throw SessionWizardError.maxSessions();
      if (blocked === 'feeStep')
        throw new SessionWizardError(SessionWizardErrorCode.FEE_STEP_DIFFERS, CALENDAR_TEXT.feeStepDiffers(g.group_name));
      const basics = await this.basics(em, houseId, saleType, house, body, now);
      const defaults = await this.details.addressDefaults(houseId, basics.addressId, em);
      const rows = await em.execute<{ id: number }[]>(
        `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date, time_zone, address_id, currency_code,
           creator, timed_type, timed_value, resell_unsold_live_lots, audio_video, description, view_notes,
           consign_contact_id, sale_admin_id, expert_contact_id, step_tracker)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null) returning id`,
        [
          houseId,
          groupId,
          newRef('C'),
          basics.title,
          saleType,
          basics.eventDate,
          basics.timeZone,
          basics.addressId,
          g.currency_code,
          creator,
          basics.timedType,
          basics.timedValue,
          basics.resell,
          this.audioVideo(saleType, body.audioVideo) ?? AUDIO_VIDEO.off,
          this.text(body.description, 'description') ?? '',
          this.text(body.viewNotes, 'viewNotes') ?? defaults.viewNotes ?? '',
          defaults.contacts['1'],
          defaults.contacts['3'],
          defaults.contacts['4'],
        ],
      );
      return rows[0].id;
    });
  }

  /**
   * `POST /cps/app/catalog/{catalogID}`: step 1's fields when the title is sent (checked together),
   * and step 2's description, viewing notes, audio/video and resell toggle when sent.
   */
  async saveSession(houseId: number, catalogId: number, body: SessionBodyDto, now = new Date()): Promise<number> {
    return this.em.transactional(async (em) => {
      const s = await this.row(houseId, catalogId, em, true);
      if (s.sale_type === 'bin') throw SessionWizardError.sessionNotFound();
      if (sessionState(s.event_date, now).in2Hours) throw SessionWizardError.locked();
      const set: Record<string, unknown> = {};
      if (body.title !== undefined) {
        const house = await this.house(houseId, em);
        const b = await this.basics(em, houseId, s.sale_type, house, body, now);
        Object.assign(set, {
          title: b.title,
          event_date: b.eventDate,
          time_zone: b.timeZone,
          address_id: b.addressId,
          timed_type: b.timedType,
          timed_value: b.timedValue,
          resell_unsold_live_lots: b.resell,
        });
      } else if (body.resellUnsoldLiveLots !== undefined && body.resellUnsoldLiveLots !== null) {
        const house = await this.house(houseId, em);
        set.resell_unsold_live_lots = s.sale_type === 'live' && house.live_or_timed_enabled && isYes(body.resellUnsoldLiveLots);
      }
      const description = this.text(body.description, 'description');
      if (description !== null) set.description = description;
      const viewNotes = this.text(body.viewNotes, 'viewNotes');
      if (viewNotes !== null) set.view_notes = viewNotes;
      const av = this.audioVideo(s.sale_type, body.audioVideo);
      if (av !== null) set.audio_video = av;
      const keys = Object.keys(set);
      if (keys.length) {
        await em.execute(`update catalog set ${keys.map((k) => `${k} = ?`).join(', ')} where id = ? and house_id = ?`, [
          ...keys.map((k) => set[k]),
          catalogId,
          houseId,
        ]);
      }
      return catalogId;
    });
  }

  async stepTracker(houseId: number, catalogId: number): Promise<number | null> {
    return (await this.row(houseId, catalogId)).step_tracker;
  }

  /** Records the step the wizard reached (spec 001 section 4): 1-6 for live/timed, 1-5 for buy now. */
  async recordStep(houseId: number, catalogId: number, step: number): Promise<number> {
    const s = await this.row(houseId, catalogId);
    if (!isTrackerValue(s.sale_type, step)) throw invalid({ step: stepTrackerRangeText(s.sale_type) });
    await this.em.execute('update catalog set step_tracker = ? where id = ? and house_id = ?', [step, catalogId, houseId]);
    return step;
  }

  // ---- helpers ----

  /** Step 1's rules with the location's zone; the location must be one of the house's live addresses. */
  private async basics(em: EntityManager, houseId: number, saleType: WizardSaleType, house: HouseRow, body: SessionBodyDto, now: Date) {
    const addressId = Number(body.addressID);
    const addr = Number.isInteger(addressId)
      ? (
          await em.execute<{ id: number; time_zone_id: string | null; country_code: string }[]>(
            'select id, time_zone_id, country_code from house_address where id = ? and house_id = ? and deleted_at is null',
            [addressId, houseId],
          )
        )[0]
      : undefined;
    const timeZone = addr ? this.zoneOf(addr, house.time_zone) : null;
    const { errors, values } = validateSessionBasics(
      { ...body, addressID: addr ? addr.id : null },
      { saleType, now, timeZone, liveToTimedEligible: house.live_or_timed_enabled },
    );
    const descErr = body.description ? descriptionError(body.description) : null;
    if (descErr) errors.description = descErr;
    const notesErr = body.viewNotes ? viewNotesError(body.viewNotes) : null;
    if (notesErr) errors.viewNotes = notesErr;
    if (!values || Object.keys(errors).length) throw invalid(errors);
    const eventDate = zonedInstant(values.date, to24Hour(values.hour, values.ampm), Number(values.minute), timeZone!);
    return { ...values, timeZone: timeZone!, eventDate };
  }

  /** The location's zone: its own, else its country's only zone, else the house's. */
  private zoneOf(a: { time_zone_id: string | null; country_code: string }, houseZone: string): string {
    return a.time_zone_id || this.geo.defaultTimeZone(a.country_code) || houseZone;
  }

  private text(value: string | null | undefined, field: 'description' | 'viewNotes'): string | null {
    if (value === undefined || value === null) return null;
    const v = value.trim();
    const err = field === 'viewNotes' ? viewNotesError(v) : descriptionError(v);
    if (err) throw invalid({ [field]: err });
    return v;
  }

  /** Audio/video is a live session's (0 off, 4 on); ignored for timed. */
  private audioVideo(saleType: WizardSaleType | 'bin', v: number | null | undefined): number | null {
    if (saleType !== 'live' || v === undefined || v === null) return null;
    return v === AUDIO_VIDEO.on ? AUDIO_VIDEO.on : AUDIO_VIDEO.off;
  }

  private async house(houseId: number, em: EntityManager = this.em): Promise<HouseRow> {
    const rows = await em.execute<HouseRow[]>(
      `select id, name, time_zone, currency_code, live_or_timed_enabled, is_house_fee_step_active, payment_processing_required,
              payment_processing_enabled, processor_type, payrix_eligible
         from house where id = ?`,
      [houseId],
    );
    return rows[0];
  }

  private async row(houseId: number, catalogId: number, em: EntityManager = this.em, lock = false): Promise<SessionDbRow> {
    const rows = await em.execute<SessionDbRow[]>(
      `select c.id, c.catalog_ref, c.group_id, c.title, c.sale_type, c.event_date, c.time_zone, c.currency_code, c.published,
              c.step_tracker, c.creator, c.timed_type, c.timed_value, c.resell_unsold_live_lots, c.audio_video, c.description,
              c.view_notes, c.consign_contact_id, c.sale_admin_id, c.expert_contact_id, c.address_id, c.house_id,
              h.house_user_name, h.name as house_name, h.vat_rate, g.terms_id, a.address_street1 as street1, a.address_street2 as street2,
              a.address_city as city, coalesce(a.state_code, a.province) as state, a.country_code as country,
              a.postal_code as post_code, a.address_phone as tel_no
         from catalog c join house h on h.id = c.house_id join auction_group g on g.id = c.group_id
         left join house_address a on a.id = c.address_id
        where c.id = ? and c.house_id = ?${lock ? ' for update of c' : ''}`,
      [catalogId, houseId],
    );
    if (!rows[0]) throw SessionWizardError.sessionNotFound();
    return rows[0];
  }
}

interface HouseRow {
  id: number;
  name: string;
  time_zone: string;
  currency_code: string;
  live_or_timed_enabled: boolean;
  is_house_fee_step_active: boolean;
  payment_processing_required: boolean;
  payment_processing_enabled: boolean;
  processor_type: string | null;
  payrix_eligible: boolean;
}
