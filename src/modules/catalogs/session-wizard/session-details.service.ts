import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  categoriesError,
  channelsError,
  keptCategories,
  POST_SALE_CHANNELS,
  SESSION_CONTACT_KEYS,
  SESSION_TEXT,
  sessionState,
  viewNotesError,
  type AddressDefaults,
  type ChannelState,
  type PostSaleChannel,
  type PremiumStepView,
  type SessionCategoryGroup,
  type SessionContactKey,
  type SessionContacts,
} from '@ar/rules';
import { invalid, SessionWizardError } from './session-wizard.errors';

/** Session contact columns by the spec's contact type ids. */
const CONTACT_COLUMN: Record<SessionContactKey, string> = { '1': 'consign_contact_id', '3': 'sale_admin_id', '4': 'expert_contact_id' };

const noContacts = (): SessionContacts => ({ '1': null, '3': null, '4': null });

/**
 * The live/timed wizard's step 2 (spec 001 sections 3, 5, 7): categories, post-sale channels,
 * contacts, the address defaults (contacts and viewing notes saved for the next session there) and
 * the sale's buyer's premium steps. Every query is scoped by house.
 */
@Injectable()
export class SessionDetailsService {
  constructor(private readonly em: EntityManager) {}

  /** The category tree (the same for every house). */
  async categoryTree(): Promise<SessionCategoryGroup[]> {
    const rows = await this.em.execute<{ id: number; parent_id: number | null; name: string }[]>(
      'select id, parent_id, name from category order by parent_id nulls first, sort_order, id',
    );
    const groups = rows
      .filter((r) => r.parent_id === null)
      .map((r) => ({ id: r.id, name: r.name, subcategories: [] as { id: number; name: string }[] }));
    for (const r of rows)
      if (r.parent_id !== null) groups.find((g) => g.id === r.parent_id)?.subcategories.push({ id: r.id, name: r.name });
    return groups;
  }

  /** The session's categories: their ids, and by group name (the spec's "map of group to list"). */
  async sessionCategories(
    houseId: number,
    catalogId: number,
  ): Promise<{ ids: number[]; byGroup: Record<string, { id: number; name: string }[]> }> {
    const rows = await this.em.execute<{ id: number; name: string; group_name: string }[]>(
      `select k.id, k.name, p.name as group_name from catalog_category cc join catalog c on c.id = cc.catalog_id
         join category k on k.id = cc.category_id join category p on p.id = k.parent_id
        where c.id = ? and c.house_id = ? order by cc.id`,
      [catalogId, houseId],
    );
    const byGroup: Record<string, { id: number; name: string }[]> = {};
    for (const r of rows) (byGroup[r.group_name] ??= []).push({ id: r.id, name: r.name });
    return { ids: rows.map((r) => r.id), byGroup };
  }

  /** Replaces the session's categories: the first eight distinct known subcategories (extras ignored), at least one. */
  async saveCategories(houseId: number, catalogId: number, ids: number[]): Promise<number[]> {
    this.editable(await this.session(houseId, catalogId));
    const known = ids.length
      ? new Set(
          (
            await this.em.execute<{ id: number }[]>(
              `select id from category where parent_id is not null and id in (${ids.map(() => '?').join(', ')})`,
              ids,
            )
          ).map((r) => r.id),
        )
      : new Set<number>();
    const kept = keptCategories(ids.filter((id) => known.has(id)));
    const err = categoriesError(kept);
    if (err) throw invalid({ categoryIDs: err });
    await this.em.transactional(async (em) => {
      await em.execute('delete from catalog_category where catalog_id = ?', [catalogId]);
      await em.execute(
        `insert into catalog_category (catalog_id, category_id) values ${kept.map(() => '(?, ?)').join(', ')}`,
        kept.flatMap((id) => [catalogId, id]),
      );
    });
    return kept;
  }

  /** The channels the session offers, each with its stored state or its default (the fixed state, else available). */
  async channels(houseId: number, catalogId: number): Promise<PostSaleChannel[]> {
    const s = await this.session(houseId, catalogId);
    const stored = await this.em.execute<{ channel_id: number; value: number }[]>(
      'select channel_id, value from catalog_channel where catalog_id = ?',
      [catalogId],
    );
    const byId = new Map(stored.map((r) => [r.channel_id, r.value as ChannelState]));
    return POST_SALE_CHANNELS.filter((c) => !c.privateLabelOnly || s.is_instant).map((c) => {
      const v = byId.get(c.channelID);
      return {
        channelID: c.channelID,
        channelName: c.channelName,
        states: c.states,
        value: v !== undefined && c.states.includes(v) ? v : c.states.length === 1 ? c.states[0] : 2,
      };
    });
  }

  /** Sets the channels sent (others keep their state); each to one of its states, at least one available. */
  async saveChannels(houseId: number, catalogId: number, sent: { channelID: number; value: number }[]): Promise<PostSaleChannel[]> {
    this.editable(await this.session(houseId, catalogId));
    const current = await this.channels(houseId, catalogId);
    const next = current.map((c) => {
      const s = sent.find((x) => x.channelID === c.channelID);
      return s ? { ...c, value: s.value as ChannelState } : c;
    });
    const unknown = sent.some((x) => !current.some((c) => c.channelID === x.channelID));
    const err = unknown ? SESSION_TEXT.channelStateInvalid : channelsError(next);
    if (err) throw invalid({ channels: err });
    await this.em.transactional(async (em) => {
      for (const c of next) {
        await em.execute(
          `insert into catalog_channel (catalog_id, channel_id, value) values (?, ?, ?)
           on conflict (catalog_id, channel_id) do update set value = excluded.value`,
          [catalogId, c.channelID, c.value],
        );
      }
    });
    return next;
  }

  /** Sets the contacts sent (null clears); each must be a live house contact of its type. */
  /** `bin`: the buy-now wizard's `contacts/independent` (a bin session), otherwise a live/timed session. */
  async saveContacts(houseId: number, catalogId: number, body: Partial<SessionContacts>, bin = false): Promise<SessionContacts> {
    const s = await this.session(houseId, catalogId, bin);
    if (!bin) this.editable(s);
    const sent = await this.checkedContacts(houseId, body);
    const keys = Object.keys(sent) as SessionContactKey[];
    if (keys.length) {
      await this.em.execute(`update catalog set ${keys.map((k) => `${CONTACT_COLUMN[k]} = ?`).join(', ')} where id = ? and house_id = ?`, [
        ...keys.map((k) => sent[k]),
        catalogId,
        houseId,
      ]);
    }
    const rows = await this.em.execute<
      { consign_contact_id: number | null; sale_admin_id: number | null; expert_contact_id: number | null }[]
    >('select consign_contact_id, sale_admin_id, expert_contact_id from catalog where id = ? and house_id = ?', [catalogId, houseId]);
    return { '1': rows[0].consign_contact_id, '3': rows[0].sale_admin_id, '4': rows[0].expert_contact_id };
  }

  /** Keeps the values sent as the defaults of the session's address (the next session there starts with them). */
  async saveDefaults(
    houseId: number,
    catalogId: number,
    body: Partial<SessionContacts> & { viewNotes?: string | null },
  ): Promise<AddressDefaults> {
    const s = this.editable(await this.session(houseId, catalogId));
    if (s.address_id === null) throw SessionWizardError.addressNotFound();
    const contacts = await this.checkedContacts(houseId, body);
    const set: Record<string, unknown> = {};
    for (const k of Object.keys(contacts) as SessionContactKey[]) set[CONTACT_COLUMN[k]] = contacts[k];
    if (body.viewNotes !== undefined) {
      const notes = (body.viewNotes ?? '').trim();
      const err = viewNotesError(notes);
      if (err) throw invalid({ viewNotes: err });
      set.view_notes = notes;
    }
    const cols = Object.keys(set);
    if (cols.length) {
      await this.em.execute(
        `insert into address_session_defaults (house_id, address_id, ${cols.join(', ')}) values (?, ?, ${cols.map(() => '?').join(', ')})
         on conflict (address_id) do update set ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}`,
        [houseId, s.address_id, ...cols.map((c) => set[c])],
      );
    }
    return this.addressDefaults(houseId, s.address_id);
  }

  /** The defaults saved for a house address (none: empty). */
  async addressDefaults(houseId: number, addressId: number, em: EntityManager = this.em): Promise<AddressDefaults> {
    const rows = await em.execute<
      { consign_contact_id: number | null; sale_admin_id: number | null; expert_contact_id: number | null; view_notes: string | null }[]
    >(
      `select d.consign_contact_id, d.sale_admin_id, d.expert_contact_id, d.view_notes
         from address_session_defaults d where d.address_id = ? and d.house_id = ?`,
      [addressId, houseId],
    );
    const d = rows[0];
    if (!d) return { contacts: noContacts(), viewNotes: null };
    return { contacts: { '1': d.consign_contact_id, '3': d.sale_admin_id, '4': d.expert_contact_id }, viewNotes: d.view_notes };
  }

  /** `house/{houseID}/address/{addressID}/defaults`: the address must be a live one of the house. */
  async defaultsForAddress(houseId: number, addressId: number): Promise<AddressDefaults> {
    const rows = await this.em.execute('select id from house_address where id = ? and house_id = ? and deleted_at is null', [
      addressId,
      houseId,
    ]);
    if (!rows[0]) throw SessionWizardError.addressNotFound();
    return this.addressDefaults(houseId, addressId);
  }

  /** The sale's buyer's premium steps in currency units and percent. */
  async premiumSteps(houseId: number, groupId: number): Promise<PremiumStepView[]> {
    const g = await this.em.execute('select id from auction_group where id = ? and house_id = ?', [groupId, houseId]);
    if (!g[0]) throw SessionWizardError.groupNotFound();
    const rows = await this.em.execute<{ from_cents: string; to_cents: string | null; rate: number }[]>(
      'select from_cents, to_cents, rate from buyers_premium_step where group_id = ? order by from_cents',
      [groupId],
    );
    return rows.map((r) => ({
      from: Number(r.from_cents) / 100,
      to: r.to_cents === null ? null : Number(r.to_cents) / 100,
      stepPct: r.rate / 1000,
    }));
  }

  /** The contact keys sent, each null or a live contact of the house of that type; any other: 400 on that key. */
  private async checkedContacts(houseId: number, body: Partial<Record<string, unknown>>): Promise<Partial<SessionContacts>> {
    const out: Partial<SessionContacts> = {};
    const errors: Record<string, string> = {};
    for (const k of SESSION_CONTACT_KEYS) {
      const v = body[k];
      if (v === undefined) continue;
      if (v === null) {
        out[k] = null;
        continue;
      }
      const rows = await this.em.execute(
        'select id from house_contact where id = ? and house_id = ? and contact_type = ? and deleted_at is null',
        [v, houseId, Number(k)],
      );
      if (rows[0]) out[k] = Number(v);
      else errors[k] = SESSION_TEXT.contactInvalid;
    }
    if (Object.keys(errors).length) throw invalid(errors);
    return out;
  }

  /**
   * Step 2's saves are refused, like step 1's, from two hours before a live or timed session's start
   * (spec 001 sections 4 and 9: the sale is locked); the admin shows the answer's message.
   */
  private editable<T extends SessionRow>(s: T, now = new Date()): T {
    if (sessionState(s.event_date, now).in2Hours) throw SessionWizardError.locked();
    return s;
  }

  private async session(houseId: number, catalogId: number, bin = false): Promise<SessionRow> {
    const rows = await this.em.execute<SessionRow[]>(
      `select c.id, c.address_id, c.event_date, h.is_instant from catalog c join house h on h.id = c.house_id
        where c.id = ? and c.house_id = ? and c.sale_type ${bin ? '=' : '<>'} 'bin'`,
      [catalogId, houseId],
    );
    if (!rows[0]) throw SessionWizardError.sessionNotFound();
    return rows[0];
  }
}

interface SessionRow {
  id: number;
  address_id: number | null;
  event_date: Date;
  is_instant: boolean;
}
