import { EntityManager } from '@mikro-orm/postgresql';
import { House } from '../modules/houses/house.entity';
import { StaffUser } from '../modules/houses/staff-user.entity';
import { HouseAddress } from '../modules/houses/locations/house-address.entity';
import { HouseContact } from '../modules/houses/staff/house-contact.entity';
import { AuctionGroup } from '../modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from '../modules/catalogs/buyers-premium-step.entity';
import { Catalog, SaleType } from '../modules/catalogs/catalog.entity';
import { COMPANY_ID_OF, Member, Platform } from '../modules/bidders/member.entity';
import { Approval } from '../modules/bidders/approval.entity';
import { KeywordAlert } from '../modules/bidders/customers/keyword-alert.entity';
import { Lot } from '../modules/lots/lot.entity';
import { hashPassword, newRef } from '../modules/houses/identity/secrets';
import { AccessFlags } from '../core/auth/access-flags';
import { bulkInsert } from '../core/database/bulk-insert';
import { InvoiceTemplate } from '../modules/invoicing/templates/invoice-template.entity';
import { TemplateFeeRow } from '../modules/invoicing/templates/template-fee-row.entity';
import { TemplateMessage } from '../modules/invoicing/templates/template-message.entity';
import { TemplateTaxRow } from '../modules/invoicing/templates/template-tax-row.entity';
import { BidderPaymentMethod } from '../modules/invoicing/payments/methods/bidder-payment-method.entity';
import { sandboxPaymentMethod } from '../modules/invoicing/payments/gateway/sandbox-tokens';
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, OBJECTS, PLACES } from './demo-names';
import { intBetween, pick, seededRandom } from './seeded-random';
import { loadDemoCalendar } from './demo-calendar';
import { insertDemoChargingSale } from './demo-charging';

/** Demo-only password of every demo user (the README says so). */
export const DEMO_PASSWORD = 'auction-demo';

export interface DemoOptions {
  /** Scales lots and bidders: 1 gives several hundred lots and about a hundred bidders. */
  size?: number;
  seed?: number;
  /** Called with progress (done, total) for the CLI. */
  onProgress?: (done: number, total: number, step: string) => void;
}

export interface DemoSummary {
  houses: number;
  users: number;
  sessions: number;
  lots: number;
  soldLots: number;
  bidders: number;
  /** Sandbox cards and bank accounts on file (house `demo`). */
  paymentMethods: number;
}

const ALL_FLAGS: AccessFlags = {
  accessCustomer: true,
  accessBulkbiding: true,
  accessReports: true,
  accessConsole: true,
  accessInvoices: true,
  accessCalendar: true,
  accessSensitive: true,
  accessSettlement: true,
};
const NO_FLAGS: AccessFlags = Object.fromEntries(Object.keys(ALL_FLAGS).map((k) => [k, false])) as AccessFlags;

/** Deterministic sale dates, in the past, so the same seed always yields the same rows. */
const BASE_DATE = Date.UTC(2026, 9, 14, 15, 0, 0); // 14 Oct 2026 15:00 UTC
const DAY = 86_400_000;

/**
 * Loads houses `demo` and `other` with staff, locations, sales, lots, bidders, approvals and
 * results. Bulk inserts throughout, so size 20 (thousands of lots) still loads in seconds.
 */
export async function loadDemoData(em: EntityManager, opts: DemoOptions): Promise<DemoSummary> {
  const size = opts.size ?? 1;
  const rnd = seededRandom(opts.seed ?? 20261121);
  const ref = (p: string) => newRef(p, rnd);
  const progress = opts.onProgress ?? (() => undefined);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary: DemoSummary = { houses: 0, users: 0, sessions: 0, lots: 0, soldLots: 0, bidders: 0, paymentMethods: 0 };

  return em.transactional(async (tx) => {
    const insert = <T extends object>(entity: new () => T, rows: Partial<Record<keyof T, unknown>>[]) => bulkInsert(tx, entity, rows);

    const houseSpecs = [
      {
        house: {
          houseUserName: 'demo',
          name: 'Demo Auctions',
          processorType: 'p' as const,
          payrixEligible: true,
          paymentProcessingEligible: true,
          paymentProcessingEnabled: true,
          autoChargeEnabled: true,
          featuredLotsEnabled: true,
          bulkBiddingEnabled: true,
          connectType: 's',
          // A private-label (instant) site: Settings > Private Label Settings needs isInstant and connect type i or s.
          isInstant: true,
        },
        users: [
          { userName: 'owner', firstName: 'Olivia', lastName: 'Owner', flags: ALL_FLAGS, isSuperUser: false },
          { userName: 'clerk', firstName: 'Carl', lastName: 'Clerk', flags: { ...NO_FLAGS, accessInvoices: true }, isSuperUser: false },
          { userName: 'super', firstName: 'Sam', lastName: 'Super', flags: ALL_FLAGS, isSuperUser: true },
        ],
        addresses: [
          {
            facilityName: 'Main Saleroom',
            addressStreet1: '120 Madison Avenue',
            addressCity: 'New York',
            countryCode: 'US',
            stateCode: 'NY',
            postalCode: '10016',
            addressPhone: '(212) 555-0100',
            primary: true,
          },
          {
            facilityName: 'Boston Gallery',
            addressStreet1: '45 Newbury Street',
            addressCity: 'Boston',
            countryCode: 'US',
            stateCode: 'MA',
            postalCode: '02116',
            addressPhone: '(617) 555-0142',
            primary: false,
          },
        ],
        // The contacts the session wizards offer (Users and Permissions): one or two of each type.
        contacts: [
          { contactType: 1, firstName: 'Connie', lastName: 'Consign', email: 'consign@demo.example', phone: '(212) 555-0111' },
          { contactType: 3, firstName: 'Sally', lastName: 'Admin', email: 'saleadmin@demo.example', phone: '(212) 555-0113' },
          { contactType: 4, firstName: 'Edgar', lastName: 'Expert', email: 'expert@demo.example', phone: null },
          { contactType: 4, firstName: 'Erin', lastName: 'Appraiser', email: null, phone: '(617) 555-0144' },
        ],
        lotsPerSession: { live: 160, timed: 120, bin: 40, second: 60 },
        bidders: 100,
        cardsOnFile: true,
        // A card-processor house: US sales tax is automatic, so the template's tax row is Ontario's HST.
        template: {
          groupName: 'Standard Invoice',
          tax: { name: 'HST', rate: 13_000, countryCode: 'CA', stateCode: 'ON', onHammer: true, onPremium: true, onLiveFee: false },
          fee: { name: 'Handling', rate: 2_500, countryCode: 'ALL', stateCode: null, onHammer: true, onPremium: false, onLiveFee: false },
        },
      },
      {
        house: { houseUserName: 'other', name: 'Other House Auctioneers', processorType: 'w' as const, connectType: 'p' },
        users: [{ userName: 'owner', firstName: 'Otto', lastName: 'Other', flags: ALL_FLAGS, isSuperUser: false }],
        addresses: [
          {
            facilityName: 'Riverside Hall',
            addressStreet1: '9 River Road',
            addressCity: 'Portland',
            countryCode: 'US',
            stateCode: 'OR',
            postalCode: '97201',
            primary: true,
          },
        ],
        contacts: [{ contactType: 1, firstName: 'Oscar', lastName: 'Consign', email: 'consign@other.example', phone: null }],
        lotsPerSession: { live: 20, timed: 10, bin: 5, second: 0 },
        bidders: 12,
        cardsOnFile: false,
        template: {
          groupName: 'Riverside Invoice',
          tax: { name: 'Sales Tax', rate: 8_875, countryCode: 'US', stateCode: 'NY', onHammer: true, onPremium: true, onLiveFee: true },
          fee: { name: 'Handling', rate: 1_500, countryCode: 'ALL', stateCode: null, onHammer: true, onPremium: false, onLiveFee: false },
        },
      },
    ];

    const totalSteps = houseSpecs.length * 4;
    let step = 0;
    for (const spec of houseSpecs) {
      const [houseId] = await insert(House, [{ ...spec.house, houseRef: ref('H') }]);
      summary.houses++;
      await insert(
        StaffUser,
        spec.users.map((u) => ({
          house: houseId as never,
          userRef: ref('U'),
          userName: u.userName,
          firstName: u.firstName,
          lastName: u.lastName,
          email: `${u.userName}@${spec.house.houseUserName}.example`,
          passwordHash,
          isSuperUser: u.isSuperUser,
          ...u.flags,
        })),
      );
      summary.users += spec.users.length;
      const addressIds = await insert(
        HouseAddress,
        spec.addresses.map((a) => ({ ...a, house: houseId as never })),
      );
      await insert(
        HouseContact,
        spec.contacts.map((c) => ({ ...c, house: houseId as never })),
      );
      progress(++step, totalSteps, `${spec.house.houseUserName}: house, staff, locations`);

      // Bidders and their platforms: about half main marketplace, the rest private label, partner and floor.
      const bidderCount = Math.max(4, Math.round(spec.bidders * size));
      const platforms: Platform[] = ['INV', 'INV', 'INV', 'INV', 'INV', 'PL', 'PL', 'AZ', 'AZ', 'Floor', 'Floor'];
      const members = Array.from({ length: bidderCount }, (_, i) => {
        const platform = pick(rnd, platforms);
        const place = pick(rnd, PLACES);
        const first = pick(rnd, FIRST_NAMES);
        const last = pick(rnd, LAST_NAMES);
        return {
          house: houseId as never,
          memberRef: ref('M'),
          firstName: first,
          lastName: last,
          email: `${first}.${last}.${i}@bidder.example`.toLowerCase(),
          phone: `(${intBetween(rnd, 200, 989)}) 555-${String(intBetween(rnd, 0, 9999)).padStart(4, '0')}`,
          companyName: rnd() < 0.15 ? `${last} Antiques Ltd` : undefined,
          street1: `${intBetween(rnd, 1, 9999)} ${pick(rnd, ['Oak', 'Elm', 'Main', 'High', 'King', 'Queen'])} Street`,
          city: place.city,
          stateCode: place.stateCode,
          postalCode: place.postalCode,
          countryCode: place.countryCode,
          platform,
          companyId: COMPANY_ID_OF[platform] ?? undefined,
          // Customer since: spread over the past years (no random draw, so the rest of the data is unchanged).
          createdAt: new Date(BASE_DATE - (30 + ((i * 37) % 900)) * DAY),
        };
      });
      const memberIds = await insert(Member, members);
      summary.bidders += memberIds.length;
      // A few customers' keyword alerts, for the Your Customers keyword alerts report.
      const KEYWORDS = ['Tiffany lamp', 'Georgian silver', 'Hudson River School', 'Meissen', 'Art Deco clock', 'Eames chair'];
      await insert(
        KeywordAlert,
        memberIds.slice(0, 12).map((id, i) => ({
          house: houseId as never,
          member: id as never,
          keyword: KEYWORDS[i % KEYWORDS.length],
          createdAt: new Date(BASE_DATE - (i + 1) * DAY),
        })),
      );
      progress(++step, totalSteps, `${spec.house.houseUserName}: ${memberIds.length} bidders`);

      // Sales: the main sale (live, timed and buy-now sessions at the primary location) and a second sale elsewhere.
      const sales = [
        {
          name: spec.house.houseUserName === 'demo' ? 'Autumn Fine Art & Antiques' : 'Riverside Estate Sale',
          sessions: [
            ['live', spec.lotsPerSession.live, 0],
            ['timed', spec.lotsPerSession.timed, 1],
            ['bin', spec.lotsPerSession.bin, 2],
          ] as [SaleType, number, number][],
          address: addressIds[0],
          dayOffset: -38,
        },
        ...(spec.lotsPerSession.second
          ? [
              {
                name: 'Winter Collectibles',
                sessions: [['live', spec.lotsPerSession.second, 0]] as [SaleType, number, number][],
                address: addressIds[1] ?? addressIds[0],
                dayOffset: -20,
              },
            ]
          : []),
      ];
      let lotRows: Partial<Record<keyof Lot, unknown>>[] = [];
      // Bidders (by index) who won at least one lot, so the cards that show each outcome meet an invoice.
      const winners = new Set<number>();
      for (const sale of sales) {
        const [groupId] = await insert(AuctionGroup, [
          { house: houseId as never, groupName: sale.name, isLive: true, currencyCode: 'USD', liveFeeRate: 3000 },
        ]);
        await insert(BuyersPremiumStep, [
          { group: groupId as never, fromCents: 0, toCents: 100_000, rate: 25_000 },
          { group: groupId as never, fromCents: 100_000, toCents: undefined, rate: 20_000 },
        ]);
        // Every bidder registers; floor bidders and most online bidders get paddles.
        const approvals = members.map((m, i) => ({
          house: houseId as never,
          group: groupId as never,
          member: memberIds[i] as never,
          paddleNumber: m.platform === 'Floor' || rnd() < 0.7 ? 100 + i : 0,
          channel: m.platform,
        }));
        const approvalIds = await insert(Approval, approvals);
        for (const [type, count, day] of sale.sessions) {
          const [catalogId] = await insert(Catalog, [
            {
              house: houseId as never,
              group: groupId as never,
              catalogRef: ref('C'),
              title: `${sale.name} — ${type === 'bin' ? 'Buy Now' : type === 'live' ? 'Live Session' : 'Timed Session'}`,
              saleType: type,
              eventDate: new Date(BASE_DATE + (sale.dayOffset + day) * DAY),
              address: sale.address as never,
              currencyCode: 'USD',
              published: true,
            },
          ]);
          summary.sessions++;
          const lots = Math.round(count * size);
          for (let n = 1; n <= lots; n++) {
            const lo = intBetween(rnd, 1, 60) * 5_000; // $50 to $3,000
            const sold = rnd() < 0.85;
            const winner = sold ? intBetween(rnd, 0, approvalIds.length - 1) : -1;
            const hammer = sold ? Math.round((lo * (0.6 + rnd() * 2)) / 500) * 500 : undefined;
            lotRows.push({
              house: houseId as never,
              catalog: catalogId as never,
              lotRef: ref('L'),
              lotNumber: String(n),
              title: `${pick(rnd, ADJECTIVES)} ${pick(rnd, OBJECTS)}`,
              description: 'Provenance: private collection. Condition: good, minor wear consistent with age.',
              loEstCents: type === 'bin' ? undefined : lo,
              hiEstCents: type === 'bin' ? undefined : lo * 2,
              itemPriceCents: type === 'bin' ? lo : undefined,
              restricted: rnd() < 0.03,
              published: true,
              winningApproval: sold ? (approvalIds[winner] as never) : undefined,
              hammerCents: hammer,
              resultChannel: sold ? approvals[winner].channel : undefined,
              soldAt: sold ? new Date(BASE_DATE + (sale.dayOffset + day) * DAY) : undefined,
            });
            if (sold) {
              summary.soldLots++;
              winners.add(winner);
            }
          }
          summary.lots += lots;
          if (lotRows.length >= 5000) {
            await insert(Lot, lotRows);
            lotRows = [];
          }
        }
      }
      await insert(Lot, lotRows);
      if (spec.cardsOnFile) {
        const rows = demoPaymentMethods(members, winners).map(({ index, ...m }) => ({ ...m, houseId, member: memberIds[index] as never }));
        await insert(BidderPaymentMethod, rows);
        summary.paymentMethods += rows.length;
        // The batch-charge demo's sale (its group is created and sent by arrangeDemoChargingGroup).
        const charging = await insertDemoChargingSale(insert, houseId, addressIds[0], new Date(BASE_DATE + 10 * DAY));
        summary.sessions++;
        summary.lots += charging.lots;
        summary.soldLots += charging.lots;
        summary.bidders += charging.bidders;
        summary.paymentMethods += charging.paymentMethods;
      }
      progress(++step, totalSteps, `${spec.house.houseUserName}: sales and lots`);

      // One invoice template with a tax row and a fee row, so invoice groups can be created at once.
      const [templateId] = await insert(InvoiceTemplate, [
        {
          house: houseId as never,
          groupName: spec.template.groupName,
          subject: `Your invoice from ${spec.house.name}`,
          fromName: `${spec.house.name} Accounts`,
          fromEmail: `accounts@${spec.house.houseUserName}.example`,
          houseAddress: addressIds[0] as never,
          chargesPerLot: false,
          payrixTemplate: spec.house.processorType === 'p' && 'payrixEligible' in spec.house && spec.house.payrixEligible === true,
        },
      ]);
      await insert(TemplateTaxRow, [{ house: houseId as never, template: templateId as never, sequence: 0, ...spec.template.tax }]);
      await insert(TemplateFeeRow, [{ house: houseId as never, template: templateId as never, sequence: 0, ...spec.template.fee }]);
      await insert(TemplateMessage, [
        {
          house: houseId as never,
          template: templateId as never,
          header: 'Payment Option(s)',
          detail: 'We accept Visa, MasterCard, Discover, American Express and bank transfer.',
          sequence: 1,
          isDefault: true,
        },
        {
          house: houseId as never,
          template: templateId as never,
          header: 'Shipping Notes',
          detail: 'Purchases ship within ten business days of payment, or may be collected from the saleroom.',
          sequence: 2,
          isDefault: true,
        },
      ]);
      progress(++step, totalSteps, `${spec.house.houseUserName}: done`);
    }
    // The calendar's sales dated from now (upcoming, within two hours, empty): counted with the rest.
    const calendar = await loadDemoCalendar(tx);
    summary.sessions += calendar.sessions;
    summary.lots += calendar.lots;
    return summary;
  });
}

/** Sandbox tokens whose charge shows each outcome (docs/decisions/payments-gateway.md). */
export const DEMO_OUTCOME_TOKENS = [
  'tok_decline_insufficient_funds',
  'tok_decline_expired',
  'tok_decline_do_not_honour',
  'tok_visa_limit_50000',
  'tok_ach_settle',
  'tok_ach_fail',
] as const;

const APPROVING = ['tok_visa_approve', 'tok_mastercard_approve', 'tok_discover_approve', 'tok_amex_approve'];

/**
 * Cards on file of the demo house's bidders, without drawing from the seeded random (the rest of
 * the data stays as it was): the first online winners get one outcome token each (declines, card
 * limit, ACH settling and failing); the next also keeps an ACH account besides a default card;
 * every tenth bidder has none ("no credit card on file"); the others an approving card.
 */
function demoPaymentMethods(members: { platform: Platform }[], winners: ReadonlySet<number>) {
  const online = members.map((m, index) => ({ m, index })).filter(({ m, index }) => m.platform !== 'Floor' && winners.has(index));
  const special = new Map<number, string>(DEMO_OUTCOME_TOKENS.map((token, k) => [online[k]?.index ?? -1, token]));
  const twoMethods = online[DEMO_OUTCOME_TOKENS.length]?.index ?? -1;
  const rows: (ReturnType<typeof sandboxPaymentMethod> & { index: number; cardLimitCents?: number; isDefault: boolean })[] = [];
  members.forEach((_m, index) => {
    const token = special.get(index);
    if (token) {
      const limit = /^tok_visa_limit_(\d+)$/.exec(token);
      rows.push({ ...sandboxPaymentMethod(token), index, isDefault: true, ...(limit ? { cardLimitCents: Number(limit[1]) } : {}) });
      return;
    }
    if (index % 10 === 9) return;
    rows.push({ ...sandboxPaymentMethod(`${APPROVING[index % APPROVING.length]}_d${index}`), index, isDefault: true });
    if (index === twoMethods) rows.push({ ...sandboxPaymentMethod(`tok_ach_settle_d${index}`), index, isDefault: false });
  });
  return rows;
}
