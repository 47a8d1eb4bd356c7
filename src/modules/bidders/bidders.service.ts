import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { newRef } from '../houses/identity/secrets';
import { COMPANY_ID_OF, type Platform } from './member.entity';
import { memberContactOf, type MemberContact } from './member-contact';

export type { MemberContact } from './member-contact';

/** A registered bidder of a sale with what an invoice copies of them. */
export interface ApprovalWithMember extends MemberContact {
  approvalId: number;
  paddleNumber: number;
  channel: Platform;
  memberId: number;
  memberRef: string;
  platform: Platform;
  companyId: number | null;
}

/** An approval with its member, as ApprovalWithMember reads it (filter appended by the caller). */
const APPROVAL_WITH_MEMBER = `select a.id as approval_id, a.paddle_number, a.channel, m.id as member_id, m.member_ref, m.first_name, m.last_name,
       m.email, m.phone, m.company_name, m.street1, m.street2, m.city, m.state_code, m.province, m.postal_code, m.country_code,
       m.platform, m.company_id
  from approval a join member m on m.id = a.member_id`;

function approvalWithMemberOf(r: Record<string, unknown>): ApprovalWithMember {
  return {
    approvalId: r.approval_id as number,
    paddleNumber: r.paddle_number as number,
    channel: r.channel as Platform,
    memberId: r.member_id as number,
    memberRef: r.member_ref as string,
    ...memberContactOf(r),
    platform: r.platform as Platform,
    companyId: r.company_id as number | null,
  };
}

@Injectable()
export class BiddersService {
  constructor(private readonly em: EntityManager) {}

  /**
   * The approvals that won a lot of these sessions of the house (any result: with or without a
   * hammer), with their members, in one query. Needs no lot ids, so the invoice creation reads it
   * side by side with the lots instead of after them.
   */
  async sessionWinners(houseId: number, catalogIds: readonly number[]): Promise<Map<number, ApprovalWithMember>> {
    if (!catalogIds.length) return new Map();
    const rows = await this.em.getConnection().execute(
      `${APPROVAL_WITH_MEMBER}
        where a.house_id = ? and a.id in (select l.winning_approval_id from lot l
                                           where l.house_id = ? and l.catalog_id in (${catalogIds.map(() => '?').join(', ')}))`,
      [houseId, houseId, ...catalogIds],
    );
    return new Map(rows.map((r) => [r.approval_id as number, approvalWithMemberOf(r)]));
  }

  // --- Results: who won a lot -----------------------------------------------------------------

  /**
   * What the house already knows about the bidders a results file names, for
   * `matchResultBidders`: approvals of the sale holding the given paddles, and members of the
   * house with the given emails (any case) with their approval for the sale, if any. Two queries
   * per 5,000 values. Pass the transaction's entity manager to read inside it.
   */
  async resultCandidates(
    houseId: number,
    groupId: number,
    paddles: readonly number[],
    emails: readonly string[],
    em: EntityManager = this.em,
  ): Promise<ResultBidderCandidates> {
    const approvalsByPaddle = new Map<number, CandidateApproval[]>();
    const membersByEmail = new Map<string, CandidateMember[]>();
    const approvalRow = (r: Record<string, unknown>): CandidateApproval => ({
      approvalId: r.approval_id as number,
      memberId: r.member_id as number,
      paddle: r.paddle_number as number,
      channel: r.channel as Platform,
      email: (r.email as string | null) ?? null,
    });
    const uniquePaddles = [...new Set(paddles.filter((p) => p > 0))];
    for (let i = 0; i < uniquePaddles.length; i += 5000) {
      const batch = uniquePaddles.slice(i, i + 5000);
      const rows: Record<string, unknown>[] = await em.execute(
        `select a.id as approval_id, a.member_id, a.paddle_number, a.channel, m.email
           from approval a join member m on m.id = a.member_id
          where a.house_id = ? and a.group_id = ? and a.paddle_number in (${batch.map(() => '?').join(', ')})
          order by a.id`,
        [houseId, groupId, ...batch],
      );
      for (const r of rows) {
        const a = approvalRow(r);
        approvalsByPaddle.set(a.paddle, [...(approvalsByPaddle.get(a.paddle) ?? []), a]);
      }
    }
    const uniqueEmails = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
    for (let i = 0; i < uniqueEmails.length; i += 5000) {
      const batch = uniqueEmails.slice(i, i + 5000);
      const rows: Record<string, unknown>[] = await em.execute(
        `select m.id as member_id, m.email, m.platform, a.id as approval_id, a.paddle_number, a.channel
           from member m left join approval a on a.member_id = m.id and a.group_id = ?
          where m.house_id = ? and lower(m.email) in (${batch.map(() => '?').join(', ')})
          order by m.id`,
        [groupId, houseId, ...batch],
      );
      for (const r of rows) {
        const key = String(r.email).toLowerCase();
        const member: CandidateMember = {
          memberId: r.member_id as number,
          email: r.email as string,
          platform: r.platform as Platform,
          approval: r.approval_id == null ? null : approvalRow(r),
        };
        membersByEmail.set(key, [...(membersByEmail.get(key) ?? []), member]);
      }
    }
    return { approvalsByPaddle, membersByEmail };
  }

  /**
   * Writes what `matchResultBidders` planned, set-based, with the given (transaction's) entity
   * manager: new floor members, new approvals, paddles given to approvals that had none. Fills in
   * `approvalId` of every new slot, so `slot.approvalId` is set for every winner afterwards.
   */
  async applyResultBidders(
    houseId: number,
    groupId: number,
    plan: ResultBidderPlan,
    em: EntityManager,
  ): Promise<{ createdBidders: number; createdApprovals: number; paddlesAssigned: number }> {
    const newSlots = plan.slots.filter((s) => s.approvalId === null);
    const newMembers = newSlots.filter((s) => s.newMember);
    for (let i = 0; i < newMembers.length; i += 1000) {
      const batch = newMembers.slice(i, i + 1000).map((s) => ({ slot: s, ref: newRef('M') }));
      const cols = [
        'house_id',
        'member_ref',
        'first_name',
        'last_name',
        'email',
        'phone',
        'company_name',
        'street1',
        'street2',
        'city',
        'state_code',
        'province',
        'postal_code',
        'country_code',
        'platform',
        'company_id',
      ];
      const params: unknown[] = [];
      for (const { slot, ref } of batch) {
        const m = slot.newMember!;
        params.push(
          houseId,
          ref,
          m.firstName,
          m.lastName,
          m.email,
          m.phone,
          m.companyName,
          m.street1,
          m.street2,
          m.city,
          m.stateCode,
          m.province,
          m.postalCode,
          m.countryCode,
          'Floor',
          COMPANY_ID_OF.Floor,
        );
      }
      const rows: { id: number; member_ref: string }[] = await em.execute(
        `insert into member (${cols.join(', ')}) values ${batch.map(() => `(${cols.map(() => '?').join(', ')})`).join(', ')} returning id, member_ref`,
        params,
      );
      const idOf = new Map(rows.map((r) => [r.member_ref, r.id]));
      for (const { slot, ref } of batch) slot.memberId = idOf.get(ref)!;
    }
    for (let i = 0; i < newSlots.length; i += 2000) {
      const batch = newSlots.slice(i, i + 2000);
      const rows: { id: number; member_id: number }[] = await em.execute(
        `insert into approval (house_id, group_id, member_id, paddle_number, channel) values ${batch.map(() => '(?, ?, ?, ?, ?)').join(', ')} returning id, member_id`,
        batch.flatMap((s) => [houseId, groupId, s.memberId, s.paddle, s.channel]),
      );
      const idOf = new Map(rows.map((r) => [r.member_id, r.id]));
      for (const s of batch) s.approvalId = idOf.get(s.memberId!)!;
    }
    const paddled = plan.slots.filter((s) => s.paddleAssigned && !newSlots.includes(s));
    for (let i = 0; i < paddled.length; i += 2000) {
      const batch = paddled.slice(i, i + 2000);
      await em.execute(
        `update approval set paddle_number = v.paddle
           from (values ${batch.map(() => '(?::int, ?::int)').join(', ')}) as v(id, paddle)
          where approval.id = v.id and approval.house_id = ? and approval.group_id = ? and approval.paddle_number = 0`,
        [...batch.flatMap((s) => [s.approvalId, s.paddle]), houseId, groupId],
      );
    }
    return { createdBidders: newMembers.length, createdApprovals: newSlots.length, paddlesAssigned: paddled.length };
  }

  /**
   * The approval through which a staff user bids in bulk bidding (timed-bidding): the user's house
   * bidder (member ref `S` + userRef, a Floor bidder named after the user), approved for the sale
   * on first use. Safe under concurrent first uses (inserts that conflict do nothing).
   */
  async staffBidderApproval(
    houseId: number,
    groupId: number,
    staff: { userRef: string; userName: string },
    em: EntityManager,
  ): Promise<number> {
    const memberRef = `S${staff.userRef}`.slice(0, 32);
    await em.execute(
      `insert into member (house_id, member_ref, first_name, last_name, platform, company_id) values (?, ?, 'House', ?, 'Floor', ?)
       on conflict (member_ref) do nothing`,
      [houseId, memberRef, staff.userName.slice(0, 60), COMPANY_ID_OF.Floor],
    );
    const [member] = await em.execute<{ id: number }[]>(`select id from member where member_ref = ? and house_id = ?`, [
      memberRef,
      houseId,
    ]);
    await em.execute(
      `insert into approval (house_id, group_id, member_id, paddle_number, channel) values (?, ?, ?, 0, 'Floor')
       on conflict (group_id, member_id) do nothing`,
      [houseId, groupId, member.id],
    );
    const [approval] = await em.execute<{ id: number }[]>(`select id from approval where group_id = ? and member_id = ? and house_id = ?`, [
      groupId,
      member.id,
      houseId,
    ]);
    return approval.id;
  }

  /**
   * Registrations awaiting approval per sale (auction group) of the house: an approval without a
   * paddle number yet (sales without any are absent).
   */
  async pendingApprovalCounts(houseId: number, groupIds: readonly number[]): Promise<Map<number, number>> {
    if (!groupIds.length) return new Map();
    const rows = await this.em.getConnection().execute(
      `select group_id, count(*)::int as n from approval
        where house_id = ? and paddle_number = 0 and group_id in (${groupIds.map(() => '?').join(', ')})
        group by group_id`,
      [houseId, ...groupIds],
    );
    return new Map(rows.map((r) => [r.group_id as number, r.n as number]));
  }
}

/** A winning bidder as a results file names them: by paddle, by email, or both, with details for a new floor bidder. */
export interface BidderClaim extends Omit<MemberContact, 'firstName' | 'lastName'> {
  /** The file line, for messages. */
  line: number;
  /** Null when not given (0 in a file means not given too). */
  paddle: number | null;
  firstName: string | null;
  lastName: string | null;
  /** The channel the lot was won through; null: the bidder's registration channel. */
  channel: Platform | null;
}

export interface CandidateApproval {
  approvalId: number;
  memberId: number;
  paddle: number;
  channel: Platform;
  email: string | null;
}

export interface CandidateMember {
  memberId: number;
  email: string;
  platform: Platform;
  /** The member's approval for the sale, if registered. */
  approval: CandidateApproval | null;
}

export interface ResultBidderCandidates {
  /** Approvals of the sale by paddle (paddle > 0); more than one means the sale's paddles are ambiguous. */
  approvalsByPaddle: Map<number, CandidateApproval[]>;
  /** Members of the house by lower-cased email, oldest first. */
  membersByEmail: Map<string, CandidateMember[]>;
}

export type NewFloorBidder = MemberContact;

/** A registration for the sale: existing (approvalId set) or to be created by `applyResultBidders`. */
export interface BidderSlot {
  approvalId: number | null;
  /** Null until a new floor member is inserted. */
  memberId: number | null;
  newMember: NewFloorBidder | null;
  paddle: number;
  channel: Platform;
  email: string | null;
  /** An existing approval without a paddle gets the file's paddle. */
  paddleAssigned: boolean;
}

export interface ResultBidderPlan {
  /** Per claim (same order): the registration that won and the channel of the win; null when the claim has an error. */
  winners: ({ slot: BidderSlot; channel: Platform } | null)[];
  errors: { line: number; reason: string }[];
  /** Every registration the winners use (existing and new), each once. */
  slots: BidderSlot[];
}

const lower = (s: string) => s.trim().toLowerCase();

/**
 * Who won each lot of a results file, by the house's rules (docs/results-import.md):
 *  1. a paddle registered for the sale names that registration (a different email on the row is an error);
 *  2. else an email of a house member names that member: their registration for the sale (a paddle
 *     is given to it when it had none; a different paddle is an error), or a new registration;
 *  3. else a new Floor bidder (company id 9) is created with the row's paddle, email and details,
 *     which needs a name and the Floor channel.
 * Rows naming the same new bidder share one. Rows with an email are resolved first, then rows with a
 * name, so the order of rows in the file never changes the outcome. Pure: no database.
 */
export function matchResultBidders(claims: readonly BidderClaim[], known: ResultBidderCandidates): ResultBidderPlan {
  const slots: BidderSlot[] = [];
  const slotOfApproval = new Map<number, BidderSlot>();
  const slotFor = (a: CandidateApproval): BidderSlot => {
    let s = slotOfApproval.get(a.approvalId);
    if (!s) {
      s = {
        approvalId: a.approvalId,
        memberId: a.memberId,
        newMember: null,
        paddle: a.paddle,
        channel: a.channel,
        email: a.email,
        paddleAssigned: false,
      };
      slotOfApproval.set(a.approvalId, s);
      slots.push(s);
    }
    return s;
  };
  // Working copies: registrations made while matching join them, so later rows find them.
  const byPaddle = new Map<number, BidderSlot[]>();
  for (const [paddle, approvals] of known.approvalsByPaddle) byPaddle.set(paddle, approvals.map(slotFor));
  const byEmail = new Map<string, { memberId: number | null; platform: Platform; slot: BidderSlot | null }[]>();
  for (const [email, members] of known.membersByEmail) {
    byEmail.set(
      lower(email),
      members.map((m) => ({ memberId: m.memberId, platform: m.platform, slot: m.approval ? slotFor(m.approval) : null })),
    );
  }
  const used = new Set<BidderSlot>();

  const winners: ResultBidderPlan['winners'] = claims.map(() => null);
  const errors: ResultBidderPlan['errors'] = [];
  const order = claims.map((c, i) => ({ c, i })).sort((x, y) => rank(x.c) - rank(y.c) || x.c.line - y.c.line);

  for (const { c, i } of order) {
    const fail = (reason: string) => void errors.push({ line: c.line, reason });
    const win = (slot: BidderSlot) => {
      used.add(slot);
      winners[i] = { slot, channel: c.channel ?? slot.channel };
    };
    const email = c.email ? lower(c.email) : null;

    if (c.paddle) {
      const found = byPaddle.get(c.paddle) ?? [];
      if (found.length > 1) {
        fail(`Paddle ${c.paddle} is registered to more than one bidder in this sale: name the bidder by email instead.`);
        continue;
      }
      if (found.length === 1) {
        const s = found[0];
        if (email && s.email && lower(s.email) !== email)
          fail(`Paddle ${c.paddle} belongs to another bidder in this sale (${s.email}), not ${c.email}.`);
        else win(s);
        continue;
      }
    }

    if (email) {
      const members = byEmail.get(email) ?? [];
      if (members.length) {
        const m = members.find((x) => x.slot) ?? members[0];
        if (m.slot) {
          const s = m.slot;
          if (c.paddle && s.paddle && s.paddle !== c.paddle) {
            fail(`${c.email} is registered for this sale with paddle ${s.paddle}, not ${c.paddle}.`);
            continue;
          }
          if (c.paddle && !s.paddle) {
            s.paddle = c.paddle;
            if (s.approvalId !== null) s.paddleAssigned = true;
            byPaddle.set(c.paddle, [s]);
          }
          win(s);
          continue;
        }
        // A member of the house not yet registered for this sale.
        const s: BidderSlot = {
          approvalId: null,
          memberId: m.memberId,
          newMember: null,
          paddle: c.paddle ?? 0,
          channel: c.channel ?? m.platform,
          email: c.email,
          paddleAssigned: false,
        };
        slots.push(s);
        m.slot = s;
        if (c.paddle) byPaddle.set(c.paddle, [s]);
        win(s);
        continue;
      }
    }

    if (!c.paddle && !email) {
      fail("Missing identification: give the winning bidder's paddle number or email.");
      continue;
    }
    const who = [c.paddle ? `paddle ${c.paddle}` : null, c.email ? `email ${c.email}` : null].filter(Boolean).join(' or ');
    if (c.channel && c.channel !== 'Floor') {
      fail(
        `No bidder with ${who} is registered for this sale or known to the house; an import creates Floor bidders only (the channel is ${c.channel}).`,
      );
      continue;
    }
    if (!c.firstName && !c.lastName) {
      fail(`No bidder with ${who} is registered for this sale or known to the house: give a first or last name to create a Floor bidder.`);
      continue;
    }
    const s: BidderSlot = {
      approvalId: null,
      memberId: null,
      newMember: {
        firstName: c.firstName ?? '',
        lastName: c.lastName ?? '',
        email: c.email,
        phone: c.phone,
        companyName: c.companyName,
        street1: c.street1,
        street2: c.street2,
        city: c.city,
        stateCode: c.stateCode,
        province: c.province,
        postalCode: c.postalCode,
        countryCode: c.countryCode,
      },
      paddle: c.paddle ?? 0,
      channel: 'Floor',
      email: c.email,
      paddleAssigned: false,
    };
    slots.push(s);
    if (c.paddle) byPaddle.set(c.paddle, [s]);
    if (email) byEmail.set(email, [{ memberId: null, platform: 'Floor', slot: s }]);
    win(s);
  }
  errors.sort((a, b) => a.line - b.line);
  return { winners, errors, slots: slots.filter((s) => used.has(s)) };
}

/** Rows with an email first, then rows with a name, then the rest (paddle only). */
function rank(c: BidderClaim): number {
  if (c.email) return 0;
  if (c.firstName || c.lastName) return 1;
  return 2;
}
