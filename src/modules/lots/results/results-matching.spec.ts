import { BidderClaim, CandidateApproval, CandidateMember, matchResultBidders, ResultBidderCandidates } from '../../bidders/bidders.service';

/** The bidder rules of the results import (BiddersService's pure matcher), without a database. */

let nextLine = 2;
const claim = (c: Partial<BidderClaim>): BidderClaim => ({
  line: nextLine++,
  paddle: null,
  email: null,
  firstName: null,
  lastName: null,
  phone: null,
  companyName: null,
  street1: null,
  street2: null,
  city: null,
  stateCode: null,
  province: null,
  postalCode: null,
  countryCode: null,
  channel: null,
  ...c,
});

// The sale knows: paddle 101 (ann@x.com, INV), paddle 102 (no email, Floor), paddle 300 twice (a data problem).
// The house knows: bob@x.com (PL, registered without paddle), cy@x.com (AZ, not registered), dee@x.com twice.
const ann: CandidateApproval = { approvalId: 1, memberId: 11, paddle: 101, channel: 'INV', email: 'ann@x.com' };
const floor102: CandidateApproval = { approvalId: 2, memberId: 12, paddle: 102, channel: 'Floor', email: null };
const bobReg: CandidateApproval = { approvalId: 3, memberId: 13, paddle: 0, channel: 'PL', email: 'bob@x.com' };
const dup300a: CandidateApproval = { approvalId: 4, memberId: 14, paddle: 300, channel: 'Floor', email: null };
const dup300b: CandidateApproval = { approvalId: 5, memberId: 15, paddle: 300, channel: 'Floor', email: null };
const member = (
  memberId: number,
  email: string,
  platform: CandidateMember['platform'],
  approval: CandidateApproval | null = null,
): CandidateMember => ({ memberId, email, platform, approval });

const known = (): ResultBidderCandidates => ({
  approvalsByPaddle: new Map([
    [101, [ann]],
    [102, [floor102]],
    [300, [dup300a, dup300b]],
  ]),
  membersByEmail: new Map([
    ['ann@x.com', [member(11, 'Ann@x.com', 'INV', ann)]],
    ['bob@x.com', [member(13, 'bob@x.com', 'PL', bobReg)]],
    ['cy@x.com', [member(16, 'cy@x.com', 'AZ')]],
    [
      'dee@x.com',
      [
        member(17, 'dee@x.com', 'INV'),
        member(18, 'dee@x.com', 'INV', { approvalId: 6, memberId: 18, paddle: 0, channel: 'INV', email: 'dee@x.com' }),
      ],
    ],
  ]),
});

const match = (...claims: BidderClaim[]) => matchResultBidders(claims, known());

describe('results import: who won (matching bidders)', () => {
  it("a paddle of the sale names that registration; the channel defaults to the registration's", () => {
    const plan = match(
      claim({ paddle: 101 }),
      claim({ paddle: 102, email: 'new@x.com' }),
      claim({ paddle: 101, email: 'ANN@x.com', channel: 'Floor' }),
    );
    expect(plan.errors).toEqual([]);
    expect(plan.winners.map((w) => [w?.slot.approvalId, w?.channel])).toEqual([
      [1, 'INV'],
      [2, 'Floor'],
      [1, 'Floor'],
    ]);
    expect(plan.slots).toHaveLength(2);
    expect(plan.slots.every((s) => !s.paddleAssigned && !s.newMember)).toBe(true);
  });

  it('refuses a paddle that belongs to a bidder with another email', () => {
    const c = claim({ paddle: 101, email: 'mallory@x.com' });
    expect(match(c).errors).toEqual([
      { line: c.line, reason: 'Paddle 101 belongs to another bidder in this sale (ann@x.com), not mallory@x.com.' },
    ]);
  });

  it('refuses a paddle registered twice in the sale', () => {
    const c = claim({ paddle: 300 });
    expect(match(c).errors).toEqual([
      { line: c.line, reason: 'Paddle 300 is registered to more than one bidder in this sale: name the bidder by email instead.' },
    ]);
  });

  it('an email of a registered member names their registration, giving it the paddle when it had none', () => {
    const plan = match(claim({ email: 'bob@x.com', paddle: 555 }), claim({ paddle: 555 }));
    expect(plan.errors).toEqual([]);
    expect(plan.winners.map((w) => w?.slot.approvalId)).toEqual([3, 3]);
    expect(plan.slots).toEqual([expect.objectContaining({ approvalId: 3, paddle: 555, paddleAssigned: true, channel: 'PL' })]);
  });

  it('refuses an email registered under another paddle', () => {
    const c = claim({ email: 'ann@x.com', paddle: 999 });
    expect(match(c).errors).toEqual([{ line: c.line, reason: 'ann@x.com is registered for this sale with paddle 101, not 999.' }]);
  });

  it('registers a house member who was not registered for the sale, once, on their platform', () => {
    const plan = match(claim({ email: 'cy@x.com' }), claim({ email: 'CY@x.com', paddle: 77 }), claim({ paddle: 77 }));
    expect(plan.errors).toEqual([]);
    expect(plan.slots).toEqual([expect.objectContaining({ approvalId: null, memberId: 16, newMember: null, paddle: 77, channel: 'AZ' })]);
    expect(new Set(plan.winners.map((w) => w?.slot)).size).toBe(1);
  });

  it('prefers, among members sharing an email, the one registered for the sale', () => {
    const plan = match(claim({ email: 'dee@x.com' }));
    expect(plan.winners[0]?.slot).toMatchObject({ approvalId: 6, memberId: 18 });
  });

  it('creates one Floor bidder for rows naming the same new paddle or email, whatever the row order', () => {
    // The paddle-only row comes first in the file; the row with the name and email comes later.
    const plan = match(
      claim({ paddle: 900 }),
      claim({ paddle: 900, email: 'zoe@x.com', firstName: 'Zoe', lastName: 'Ng', city: 'Boston' }),
      claim({ email: 'zoe@x.com' }),
    );
    expect(plan.errors).toEqual([]);
    expect(plan.slots).toEqual([
      expect.objectContaining({
        approvalId: null,
        memberId: null,
        paddle: 900,
        channel: 'Floor',
        newMember: expect.objectContaining({ firstName: 'Zoe', lastName: 'Ng', email: 'zoe@x.com', city: 'Boston' }),
      }),
    ]);
    expect(plan.winners.every((w) => w?.slot === plan.slots[0] && w.channel === 'Floor')).toBe(true);
  });

  it('refuses a new bidder without a name, or on an online channel', () => {
    const noName = claim({ paddle: 901 });
    const online = claim({ paddle: 902, lastName: 'Web', channel: 'INV' });
    expect(match(noName, online).errors).toEqual([
      {
        line: noName.line,
        reason:
          'No bidder with paddle 901 is registered for this sale or known to the house: give a first or last name to create a Floor bidder.',
      },
      {
        line: online.line,
        reason:
          'No bidder with paddle 902 is registered for this sale or known to the house; an import creates Floor bidders only (the channel is INV).',
      },
    ]);
  });

  it('refuses a row naming nobody', () => {
    const c = claim({ firstName: 'Anon' });
    expect(match(c).errors).toEqual([
      { line: c.line, reason: "Missing identification: give the winning bidder's paddle number or email." },
    ]);
  });

  it('refuses a new paddle given with two different emails in one file', () => {
    const a = claim({ paddle: 903, email: 'one@x.com', lastName: 'One' });
    const b = claim({ paddle: 903, email: 'two@x.com', lastName: 'Two' });
    expect(match(a, b).errors).toEqual([
      { line: b.line, reason: 'Paddle 903 belongs to another bidder in this sale (one@x.com), not two@x.com.' },
    ]);
  });

  it('lists the errors by line, and plans no registration for a failed row', () => {
    const bad = claim({ paddle: 101, email: 'x@x.com' });
    const nobody = claim({});
    const plan = match(nobody, bad);
    expect(plan.errors.map((e) => e.line)).toEqual([nobody.line, bad.line].sort((x, y) => x - y));
    expect(plan.slots).toEqual([]);
    expect(plan.winners).toEqual([null, null]);
  });
});
