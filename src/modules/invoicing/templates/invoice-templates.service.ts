import { Inject, Injectable } from '@nestjs/common';
import { FilterQuery, LoadStrategy, LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { RaListQuery, raFilterIds } from '../../../core/http/ra-list-query';
import { House } from '../../houses/house.entity';
import { HouseAddress } from '../../houses/locations/house-address.entity';
import { HousesService } from '../../houses/houses.service';
import { GroupSettingsView, groupSettingsView, newGroupSettingsView, TemplateCharging, TemplateSnapshot } from './group-settings.view';
import { InvoiceTemplate } from './invoice-template.entity';
import { TemplateFeeRow } from './template-fee-row.entity';
import { TemplateMessage } from './template-message.entity';
import { TEMPLATE_GEO, TEMPLATE_LOCATIONS, TEMPLATE_USAGE, TemplateGeo, TemplateLocations, TemplateUsage } from './template-ports';
import { ChargeRow, ExistingTemplate, GroupSettingsInput, TemplateValues, validateTemplate } from './template-rules';
import { TemplateTaxRow } from './template-tax-row.entity';
import { taxesLocked } from './template-usage';
import { TEMPLATE_TEXT } from '@ar/rules';
import { InvoiceTemplatesError, InvoiceTemplatesErrorCode } from './templates.errors';
import { likeContains } from '../../../core/validation/sql-text';

/** One entry of `data.invoiceSettings`. `active` is ours: a group should not be created from an inactive template. */
export interface InvoiceSettingSummary {
  id: number;
  name: string;
  payrixTemplate: boolean;
  active: boolean;
}

/** What a save may carry besides the template's fields. */
export interface SaveOptions {
  /** The version the client loaded; a different current version is refused (409). Absent: not checked. */
  version?: number;
  /** Retire (false) or reactivate (true) the template. */
  active?: boolean;
  /** Refuse an edit that names no version (the REST face, whose clients always have one). */
  requireVersion?: boolean;
}

export const TEMPLATE_SORTABLE = ['id', 'groupName', 'createdAt', 'updatedAt', 'payrixTemplate'] as const;

/** Card-processor template mode: processor type p and enrolled with the processor. */
export function isCardProcessorHouse(house: Pick<House, 'processorType' | 'payrixEligible'>): boolean {
  return house.processorType === 'p' && house.payrixEligible;
}

/**
 * Invoice templates (the spec's invoice group settings) of a house. Both faces of the API (the
 * documented `invoiceGroupSettings` calls and `/api/invoice-templates`) call these methods; every
 * read and write is scoped by the caller's house, and another house's template answers 404.
 */
@Injectable()
export class InvoiceTemplatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly houses: HousesService,
    @Inject(TEMPLATE_GEO) private readonly geo: TemplateGeo,
    @Inject(TEMPLATE_LOCATIONS) private readonly locations: TemplateLocations,
    @Inject(TEMPLATE_USAGE) private readonly usage: TemplateUsage,
  ) {}

  /** `data.invoiceSettings`: every template of the house, by name. */
  async summaries(houseId: number): Promise<InvoiceSettingSummary[]> {
    const cardHouse = isCardProcessorHouse(await this.houses.getById(houseId));
    const templates = await this.em.find(InvoiceTemplate, { house: houseId }, { orderBy: { groupName: 'asc', id: 'asc' } });
    return templates.map((t) => ({ id: t.id, name: t.groupName, payrixTemplate: t.payrixTemplate, active: isActive(t, cardHouse) }));
  }

  /** The blank form of '+ Create New Template'. */
  async blank(houseId: number): Promise<GroupSettingsView> {
    return newGroupSettingsView(isCardProcessorHouse(await this.houses.getById(houseId)));
  }

  async get(houseId: number, id: number): Promise<GroupSettingsView> {
    const cardHouse = isCardProcessorHouse(await this.houses.getById(houseId));
    const t = await this.em.findOne(
      InvoiceTemplate,
      { id, house: houseId },
      { populate: ['taxRows', 'feeRows', 'messages'], strategy: LoadStrategy.SELECT_IN },
    );
    if (!t) throw InvoiceTemplatesError.notFound();
    return this.view(t, snapshotOf(t), cardHouse);
  }

  /**
   * The stored template with integer rates (thousandths of a percent), for the code that builds
   * invoices from it (invoice groups, invoice math). 404 for another house's template.
   */
  async snapshot(houseId: number, id: number): Promise<TemplateSnapshot & { active: boolean }> {
    // Read one after the other: this runs inside edit transactions too, where side-by-side reads
    // would overlap on the transaction's one pg client.
    const cardHouse = isCardProcessorHouse(await this.houses.getById(houseId));
    const t = await this.em.findOne(
      InvoiceTemplate,
      { id, house: houseId },
      { populate: ['taxRows', 'feeRows', 'messages'], strategy: LoadStrategy.SELECT_IN },
    );
    if (!t) throw InvoiceTemplatesError.notFound();
    return { ...snapshotOf(t), active: isActive(t, cardHouse) };
  }

  /**
   * What invoice arithmetic needs of a template (its charging variant, tax rows and fee rows, in
   * their order) in one query: the invoice build reads it beside its other reads. 404 for another
   * house's template.
   */
  async charging(houseId: number, id: number): Promise<TemplateCharging> {
    const t = await this.em.findOne(
      InvoiceTemplate,
      { id, house: houseId },
      { populate: ['taxRows', 'feeRows'], strategy: LoadStrategy.JOINED },
    );
    if (!t) throw InvoiceTemplatesError.notFound();
    return { id: t.id, chargesPerLot: t.chargesPerLot, ...chargeRowsOf(t) };
  }

  async list(houseId: number, q: RaListQuery): Promise<{ records: GroupSettingsView[]; total: number }> {
    const cardHouse = isCardProcessorHouse(await this.houses.getById(houseId));
    const where = listFilter(houseId, q.filter);
    const field = (q.sort?.field ?? 'groupName') as (typeof TEMPLATE_SORTABLE)[number];
    const order = q.sort?.order === 'DESC' ? 'desc' : 'asc';
    const [items, total] = await this.em.findAndCount(InvoiceTemplate, where, {
      orderBy: [{ [field]: order }, { id: 'asc' }],
      limit: q.limit,
      offset: q.offset,
      populate: ['taxRows', 'feeRows', 'messages'],
      strategy: LoadStrategy.SELECT_IN,
    });
    const records = await Promise.all(items.map((t) => this.view(t, snapshotOf(t), cardHouse)));
    return { records, total };
  }

  /**
   * Creates (`id` null) or replaces a template: every rule of the editor, then the template and all
   * its rows in one transaction, with the template row locked so two saves cannot interleave.
   */
  async save(houseId: number, id: number | null, input: GroupSettingsInput, opts: SaveOptions = {}): Promise<GroupSettingsView> {
    const cardHouse = isCardProcessorHouse(await this.houses.getById(houseId));
    const locationIds = await this.locations.locationIds(houseId);
    return this.em.transactional(async (em) => {
      let t: InvoiceTemplate | null = null;
      let existing: ExistingTemplate | undefined;
      if (id !== null) {
        t = await em.findOne(InvoiceTemplate, { id, house: houseId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!t) throw InvoiceTemplatesError.notFound();
        if (opts.requireVersion && opts.version === undefined)
          throw InvoiceTemplatesError.invalid({ version: TEMPLATE_TEXT.versionRequired });
        if (opts.version !== undefined && opts.version !== t.version) {
          throw new InvoiceTemplatesError(InvoiceTemplatesErrorCode.TEMPLATE_STALE, TEMPLATE_TEXT.stale);
        }
        if (isReadOnly(t, cardHouse)) throw new InvoiceTemplatesError(InvoiceTemplatesErrorCode.TEMPLATE_READ_ONLY, TEMPLATE_TEXT.readOnly);
        existing = await loadRows(em, t);
      }
      const cardProcessor = t ? t.payrixTemplate : cardHouse;
      const locked = await taxesLocked(t, this.usage);
      const result = validateTemplate(input, { geo: this.geo, cardProcessor, taxesLocked: locked, locationIds, existing });
      if (!result.ok) throw InvoiceTemplatesError.invalid(result.errors);
      const v = result.values;

      if (!t) {
        t = em.create(InvoiceTemplate, { house: houseId, payrixTemplate: cardHouse, ...scalars(v), chargesPerLot: v.chargesPerLot });
      } else {
        em.assign(t, scalars(v));
        t.version += 1;
        // Replace the rows as a whole (deleted first: message sequences are unique per template).
        await em.nativeDelete(TemplateTaxRow, { template: t.id });
        await em.nativeDelete(TemplateFeeRow, { template: t.id });
        await em.nativeDelete(TemplateMessage, { template: t.id });
      }
      const houseAddressId = v.houseAddressId === undefined ? (existing?.houseAddressId ?? null) : v.houseAddressId;
      t.houseAddress = houseAddressId === null ? null : em.getReference(HouseAddress, houseAddressId);
      if (opts.active !== undefined) t.active = opts.active;
      await em.persistAndFlush(t);

      v.taxRows.forEach((r, sequence) => em.create(TemplateTaxRow, { house: houseId, template: t, sequence, ...r }));
      v.feeRows.forEach((r, sequence) => em.create(TemplateFeeRow, { house: houseId, template: t, sequence, ...r }));
      v.messages.forEach((m) => em.create(TemplateMessage, { house: houseId, template: t, ...m }));
      await em.flush();

      const snapshot: TemplateSnapshot = {
        ...templateFields(t),
        houseAddressId,
        taxRows: v.taxRows,
        feeRows: v.feeRows,
        messages: v.messages,
      };
      return this.view(t, snapshot, cardHouse);
    });
  }

  /** Deletes an unused template (and its rows). A template in use, or read-only, stays. */
  async remove(houseId: number, id: number): Promise<GroupSettingsView> {
    const cardHouse = isCardProcessorHouse(await this.houses.getById(houseId));
    return this.em.transactional(async (em) => {
      const t = await em.findOne(InvoiceTemplate, { id, house: houseId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!t) throw InvoiceTemplatesError.notFound();
      if (isReadOnly(t, cardHouse)) throw new InvoiceTemplatesError(InvoiceTemplatesErrorCode.TEMPLATE_READ_ONLY, TEMPLATE_TEXT.readOnly);
      if (await this.usage.isInUse(t.id)) throw new InvoiceTemplatesError(InvoiceTemplatesErrorCode.TEMPLATE_IN_USE, TEMPLATE_TEXT.inUse);
      const rows = await loadRows(em, t);
      const view = await this.view(t, { ...templateFields(t), ...rows }, cardHouse);
      await em.nativeDelete(TemplateTaxRow, { template: t.id });
      await em.nativeDelete(TemplateFeeRow, { template: t.id });
      await em.nativeDelete(TemplateMessage, { template: t.id });
      await em.nativeDelete(InvoiceTemplate, { id: t.id, house: houseId });
      return view;
    });
  }

  private async view(t: InvoiceTemplate, snapshot: TemplateSnapshot, cardHouse: boolean): Promise<GroupSettingsView> {
    const taxSettingsLocked = await taxesLocked(t, this.usage);
    const taxList = t.payrixTemplate ? 'processorTax' : 'tax';
    return groupSettingsView(snapshot, {
      active: isActive(t, cardHouse),
      taxSettingsLocked,
      taxSpelling: (c) => this.geo.listCode(c, taxList),
      feeSpelling: (c) => this.geo.listCode(c, 'tax'),
    });
  }
}

/**
 * A card-processor template is active while its stored flag is set and the house still uses the
 * card processor; an inactive card-processor template is read-only. Other templates stay editable.
 */
export function isActive(t: Pick<InvoiceTemplate, 'active' | 'payrixTemplate'>, cardHouse: boolean): boolean {
  return t.active && (!t.payrixTemplate || cardHouse);
}

export function isReadOnly(t: Pick<InvoiceTemplate, 'active' | 'payrixTemplate'>, cardHouse: boolean): boolean {
  return t.payrixTemplate && !isActive(t, cardHouse);
}

function scalars(v: TemplateValues) {
  return {
    groupName: v.groupName,
    subject: v.subject,
    fromName: v.fromName,
    fromEmail: v.fromEmail,
    bccEmail: v.bccEmail,
    payPal: v.payPal,
    payPalEmail: v.payPalEmail,
  };
}

function templateFields(t: InvoiceTemplate): Omit<TemplateSnapshot, 'taxRows' | 'feeRows' | 'messages'> {
  return {
    id: t.id,
    groupName: t.groupName,
    subject: t.subject,
    fromName: t.fromName,
    fromEmail: t.fromEmail,
    bccEmail: t.bccEmail ?? null,
    houseAddressId: t.houseAddress?.id ?? null,
    chargesPerLot: t.chargesPerLot,
    payPal: t.payPal,
    payPalEmail: t.payPalEmail ?? null,
    payrixTemplate: t.payrixTemplate,
    version: t.version,
  };
}

const chargeOf = (r: TemplateTaxRow | TemplateFeeRow): ChargeRow => ({
  name: r.name,
  rate: r.rate,
  countryCode: r.countryCode,
  stateCode: r.stateCode ?? null,
  onHammer: r.onHammer,
  onLiveFee: r.onLiveFee,
  onPremium: r.onPremium,
});

const messageOf = (m: TemplateMessage) => ({ header: m.header, detail: m.detail, sequence: m.sequence, isDefault: m.isDefault });

/** A template whose collections are loaded. */
function snapshotOf(t: InvoiceTemplate): TemplateSnapshot {
  return { ...templateFields(t), ...chargeRowsOf(t), messages: t.messages.getItems().map(messageOf) };
}

/** A loaded template's tax and fee rows (populated, in their collections' sequence order). */
function chargeRowsOf(t: InvoiceTemplate): Pick<TemplateSnapshot, 'taxRows' | 'feeRows'> {
  return { taxRows: t.taxRows.getItems().map(chargeOf), feeRows: t.feeRows.getItems().map(chargeOf) };
}

/**
 * A template's tax rows, fee rows and messages, in their order. One after another: the save reads
 * them inside its transaction, where reads side by side would overlap on one pg client.
 */
async function templateRows(em: EntityManager, templateId: number): Promise<Pick<TemplateSnapshot, 'taxRows' | 'feeRows' | 'messages'>> {
  const taxes = await em.find(TemplateTaxRow, { template: templateId }, { orderBy: { sequence: 'asc' } });
  const fees = await em.find(TemplateFeeRow, { template: templateId }, { orderBy: { sequence: 'asc' } });
  const messages = await em.find(TemplateMessage, { template: templateId }, { orderBy: { sequence: 'asc' } });
  return { taxRows: taxes.map(chargeOf), feeRows: fees.map(chargeOf), messages: messages.map(messageOf) };
}

async function loadRows(em: EntityManager, t: InvoiceTemplate): Promise<ExistingTemplate> {
  return {
    chargesPerLot: t.chargesPerLot,
    houseAddressId: t.houseAddress?.id ?? null,
    payPal: t.payPal,
    payPalEmail: t.payPalEmail ?? null,
    ...(await templateRows(em, t.id)),
  };
}

function listFilter(houseId: number, filter: Record<string, unknown>): FilterQuery<InvoiceTemplate> {
  const where: FilterQuery<InvoiceTemplate> & Record<string, unknown> = { house: houseId };
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q' && typeof value === 'string') {
      if (value.trim()) where.groupName = { $ilike: likeContains(value.trim()) };
    } else if (key === 'id' && raFilterIds(value) !== null) {
      where.id = { $in: raFilterIds(value) ?? [] };
    } else if ((key === 'payrixTemplate' || key === 'chargesPerLot') && typeof value === 'boolean') {
      where[key] = value;
    } else {
      throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter invoice templates by ${key}=${JSON.stringify(value)}.`);
    }
  }
  return where;
}
