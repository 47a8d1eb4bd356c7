import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DISPUTE_SUCCESS,
  DISPUTE_TEXT,
  isMutualResolution,
  MUTUAL_RESOLUTION_DELAY_MS,
  openRefusal,
  refuseDisputeAction,
  type DisputeLot,
} from '@ar/rules';
import type { Principal } from '../../core/auth/principal';
import { DomainError } from '../../core/errors/domain-error';
import { MailService } from '../../core/mail/mail.service';
import { placeholders } from '../../core/validation/sql-text';
import { HousesService } from '../houses/houses.service';
import { newRef } from '../houses/identity/secrets';
import { InvoiceLineDisputes } from '../invoicing/invoices/line-disputes.service';
import { currencySymbol } from '../invoicing/invoices/money-json';
import { buyersPremium, liveFee, type Channel, type PremiumStep } from '../invoicing/math';
import { EBAY_SQL } from './disputes.queries';
import type { DisputeActionInput, OpenDisputeInput } from './disputes.input';

export const DISPUTE_MAIL_KIND = 'dispute.message';
type Actor = Pick<Principal, 'userId' | 'userName' | 'isSuperUser'>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows of the SQL below, their columns named there
type Row = Record<string, any>;

const LOT_SQL = `select l.id, l.lot_ref, coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number, l.title, l.catalog_id,
        l.hammer_cents::bigint as hammer, l.winning_approval_id as approval_id, (l.winning_approval_id is not null and l.hammer_cents is not null) as sold,
        a.channel, a.member_id, a.group_id, a.paddle_number, m.first_name, m.last_name, m.email,
        c.title as catalog_title, c.event_date, c.currency_code, g.live_fee_rate,
        (select d.dispute_ref from dispute d where d.lot_id = l.id) as dispute_ref
   from lot l
   join catalog c on c.id = l.catalog_id and c.house_id = l.house_id
   join auction_group g on g.id = c.group_id and g.house_id = l.house_id
   left join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
   left join member m on m.id = a.member_id and m.house_id = l.house_id`;

/**
 * Opening disputes and acting on them (spec 001 "Disputes", sections 4, 5 and 8;
 * docs/decisions/disputes.md). Every change of state is audited in its transaction; closing
 * records the house's Live credit, the No Bid List entry and an unpaid item strike.
 */
@Injectable()
export class DisputesService {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly houses: HousesService,
    private readonly invoiceLines: InvoiceLineDisputes,
  ) {}

  /** The Open New File screen's lots (by lotRef), each with whether a dispute may be opened on it. */
  async lotsForOpen(houseId: number, actor: Actor, lotRefs: string[], now = new Date()): Promise<DisputeLot[]> {
    const refs = [...new Set(lotRefs)];
    if (!refs.length) return [];
    const rows = await this.em
      .getConnection()
      .execute(`${LOT_SQL} where l.house_id = ? and l.status <> 'd' and l.lot_ref in (${placeholders(refs)}) order by c.event_date, l.id`, [
        houseId,
        ...refs,
      ]);
    return rows.map((r) => {
      const reason = openRefusal(lotRules(r), actor.isSuperUser, now);
      return {
        transactionID: r.id,
        lotRef: r.lot_ref,
        lotNumber: r.lot_number,
        title: r.title,
        catalogTitle: r.catalog_title,
        catalogDate: new Date(r.event_date).toISOString(),
        firstName: r.first_name ?? '',
        lastName: r.last_name ?? '',
        paddleNumber: r.paddle_number ?? 0,
        channel: r.channel ?? '',
        currencySymbol: currencySymbol(r.currency_code),
        hammer: r.hammer === null ? 0 : Number(r.hammer),
        canOpenDispute: reason === null,
        disputeRef: r.dispute_ref ?? null,
        reason,
      };
    });
  }

  /** `action: open`: one dispute per lot, all or none. */
  async open(houseId: number, actor: Actor, input: OpenDisputeInput, now = new Date()) {
    const opened = await this.em.transactional(async (em) => {
      const ids = input.transactionIDs;
      const lots: Row[] = await em.execute(
        `${LOT_SQL} where l.house_id = ? and l.status <> 'd' and l.id in (${placeholders(ids)}) order by l.id for update of l`,
        [houseId, ...ids],
      );
      if (lots.length !== ids.length) throw new DomainError('not_found', 'NOT_FOUND', DISPUTE_TEXT.lotNotFound);
      for (const l of lots) {
        const refusal = openRefusal(lotRules(l), actor.isSuperUser, now);
        if (refusal === DISPUTE_TEXT.alreadyDisputed) throw new DomainError('conflict', 'ALREADY_DISPUTED', refusal);
        if (refusal) throw DomainError.validation({ transactionIDs: refusal }, refusal);
      }
      const steps = await this.premiumSteps(em, houseId, [...new Set(lots.map((l) => l.group_id as number))]);
      const out: { disputeID: number; disputeRef: string; transactionID: number; lot: Row }[] = [];
      for (const l of lots) {
        const hammer = Number(l.hammer);
        const premium = buyersPremium(hammer, steps.get(l.group_id) ?? []);
        const fee = liveFee(hammer, l.channel as Channel, Number(l.live_fee_rate));
        const ref = newRef('D');
        const resolveAt = isMutualResolution(input.reasonID) ? new Date(now.getTime() + MUTUAL_RESOLUTION_DELAY_MS) : null;
        const [d] = await em.execute(
          `insert into dispute (house_id, dispute_ref, lot_id, catalog_id, approval_id, member_id, reason_id, open, stat, opened_at, status_at,
                                resolve_at, opened_by_user_id, currency_code, hammer_cents, premium_cents, live_fee_cents)
           values (?, ?, ?, ?, ?, ?, ?, true, 'Open', ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
          [
            houseId,
            ref,
            l.id,
            l.catalog_id,
            l.approval_id,
            l.member_id,
            input.reasonID,
            now,
            now,
            resolveAt,
            actor.userId,
            l.currency_code,
            hammer,
            premium,
            fee,
          ],
        );
        await this.addMessage(em, houseId, d.id, actor, input.message);
        await this.audit(em, houseId, d.id, actor, 'open', {}, { stat: 'Open', reasonID: input.reasonID, lotId: l.id });
        // The invoice line of the lot shows the dispute (Disputes column) and no longer offers File as dispute.
        await this.invoiceLines.mark(em, houseId, l.id, ref);
        out.push({ disputeID: d.id, disputeRef: ref, transactionID: l.id, lot: l });
      }
      for (const o of out) await this.mailBidder(houseId, o.lot, `Dispute opened: lot ${o.lot.lot_number}`, input.message);
      return out;
    });
    return { success: true, message: DISPUTE_TEXT.opened, disputes: opened.map(({ lot: _lot, ...d }) => d) };
  }

  /** send, close, cancel, reopen on the selected disputes, all or none. */
  async act(houseId: number, actor: Actor, input: DisputeActionInput, now = new Date()) {
    const house = await this.houses.getById(houseId);
    await this.em.transactional(async (em) => {
      const ids = input.disputeIDs;
      const rows: Row[] = ids.length
        ? await em.execute(
            `select d.id, d.open, d.stat, d.opened_at, d.member_id, d.live_fee_cents::bigint as live_fee, d.credit_cents, ${EBAY_SQL} as ebay,
                    m.email, m.first_name, m.last_name, coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number
               from dispute d join member m on m.id = d.member_id and m.house_id = d.house_id join lot l on l.id = d.lot_id
              where d.house_id = ? and d.id in (${placeholders(ids)}) order by d.id for update of d`,
            [houseId, ...ids],
          )
        : [];
      if (rows.length !== ids.length) throw new DomainError('not_found', 'NOT_FOUND', DISPUTE_TEXT.disputeNotFound);
      const refusal = refuseDisputeAction(
        input.action,
        rows.map((r) => ({ open: r.open, ebay: r.ebay, openDate: new Date(r.opened_at) })),
        { isSuperUser: actor.isSuperUser, termsAccepted: house.disputeTermsAccepted },
        input.message,
        now,
      );
      if (refusal) {
        if (refusal.kind === 'forbidden') throw new DomainError('forbidden', 'DISPUTE_FORBIDDEN', refusal.message);
        throw DomainError.validation({ [refusal.field ?? 'action']: refusal.message }, refusal.message);
      }
      for (const r of rows) {
        if (input.message) await this.addMessage(em, houseId, r.id, actor, input.message);
        if (input.action === 'send') {
          await this.audit(em, houseId, r.id, actor, 'send', {}, {});
          await this.mailBidder(houseId, r, `Dispute message: lot ${r.lot_number}`, input.message);
          continue;
        }
        const stat = input.action === 'close' ? 'Closed' : input.action === 'cancel' ? 'Canceled' : 'Open';
        await em.execute(
          // A reopened mutual resolution no longer resolves by itself.
          `update dispute set open = ?, stat = ?, status_at = ?, resolve_at = null where id = ? and house_id = ?`,
          [stat === 'Open', stat, now, r.id, houseId],
        );
        if (input.action === 'close') await this.recordClosing(em, houseId, actor, r.id, r.member_id, now);
        await this.audit(em, houseId, r.id, actor, input.action, { stat: r.stat }, { stat });
      }
    });
    return { success: true, message: DISPUTE_SUCCESS[input.action] };
  }

  async acceptTerms(houseId: number, accepted: boolean | undefined): Promise<void> {
    if (accepted !== true) throw DomainError.validation({ accepted: DISPUTE_TEXT.mustAgree }, DISPUTE_TEXT.mustAgree);
    await this.houses.acceptDisputeTerms(houseId);
  }

  /** Mutual resolutions due: resolved (with the Live credit, without strike or No Bid List). Idempotent. */
  async resolveDue(now = new Date()): Promise<number> {
    return this.em.transactional(async (em) => {
      const rows: Row[] = await em.execute(
        `update dispute set open = false, stat = 'Resolved', status_at = ?, resolve_at = null,
                credit_cents = coalesce(credit_cents, live_fee_cents), credited_at = coalesce(credited_at, ?)
          where open and resolve_at is not null and resolve_at <= ? returning id, house_id`,
        [now, now, now],
      );
      for (const r of rows) await this.audit(em, r.house_id, r.id, null, 'resolve', { stat: 'Open' }, { stat: 'Resolved' });
      return rows.length;
    });
  }

  /** Closing: the house's Live credit (the lot's live fee, once), the No Bid List and an unpaid item strike. */
  private async recordClosing(em: EntityManager, houseId: number, actor: Actor, disputeId: number, memberId: number, now: Date) {
    await em.execute(
      `update dispute set credit_cents = coalesce(credit_cents, live_fee_cents), credited_at = coalesce(credited_at, ?) where id = ? and house_id = ?`,
      [now, disputeId, houseId],
    );
    const added = await em.execute(
      `insert into house_no_bid (house_id, member_id, dispute_id) values (?, ?, ?) on conflict do nothing returning id`,
      [houseId, memberId, disputeId],
    );
    // The No Bid List's trail records the entry (a bidder already on the list is not added again).
    if (added.length)
      await em.execute(
        `insert into no_bid_audit (house_id, member_id, dispute_id, user_id, user_name, action, entry) values (?, ?, ?, ?, ?, 'add', ?)`,
        [
          houseId,
          memberId,
          disputeId,
          actor.userId,
          actor.userName,
          JSON.stringify({ id: added[0].id, memberID: memberId, disputeID: disputeId }),
        ],
      );
    await em.execute(`insert into unpaid_item_strike (house_id, member_id, dispute_id) values (?, ?, ?) on conflict do nothing`, [
      houseId,
      memberId,
      disputeId,
    ]);
  }

  private async addMessage(em: EntityManager, houseId: number, disputeId: number, actor: Actor, message: string) {
    await em.execute('insert into dispute_message (house_id, dispute_id, user_id, sender, message) values (?, ?, ?, ?, ?)', [
      houseId,
      disputeId,
      actor.userId,
      actor.userName,
      message,
    ]);
  }

  private async audit(
    em: EntityManager,
    houseId: number,
    disputeId: number,
    actor: Actor | null,
    action: string,
    before: object,
    after: object,
  ) {
    await em.execute(
      'insert into dispute_audit (house_id, dispute_id, user_id, user_name, action, before, after) values (?, ?, ?, ?, ?, ?, ?)',
      [houseId, disputeId, actor?.userId ?? null, actor?.userName ?? 'system', action, JSON.stringify(before), JSON.stringify(after)],
    );
  }

  /** The bidder hears of the dispute by mail (outbox, same transaction); eBay bidders are reached elsewhere. */
  private async mailBidder(houseId: number, r: Row, subject: string, message: string) {
    const to = (r.email as string | null)?.trim();
    if (!to || r.ebay) return;
    const house = await this.houses.getById(houseId);
    await this.mail.queue({ houseId, kind: DISPUTE_MAIL_KIND, to, subject, text: `${message}\n\n--\n${house.name}\n` });
  }

  private async premiumSteps(em: EntityManager, houseId: number, groupIds: number[]): Promise<Map<number, PremiumStep[]>> {
    const out = new Map<number, PremiumStep[]>();
    if (!groupIds.length) return out;
    const rows: Row[] = await em.execute(
      `select s.group_id, s.from_cents, s.to_cents, s.rate from buyers_premium_step s
         join auction_group g on g.id = s.group_id and g.house_id = ?
        where s.group_id in (${placeholders(groupIds)}) order by s.group_id, s.from_cents`,
      [houseId, ...groupIds],
    );
    for (const s of rows) {
      const list = out.get(s.group_id) ?? [];
      list.push({ fromCents: Number(s.from_cents), toCents: s.to_cents === null ? null : Number(s.to_cents), rate: Number(s.rate) });
      out.set(s.group_id, list);
    }
    return out;
  }
}

function lotRules(r: Row) {
  return {
    sold: !!r.sold,
    channel: (r.channel as string | null) ?? null,
    disputeRef: (r.dispute_ref as string | null) ?? null,
    saleDate: new Date(r.event_date),
  };
}
