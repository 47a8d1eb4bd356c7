import { EntityManager } from '@mikro-orm/postgresql';
import { bulkInsert } from '../core/database/bulk-insert';
import { AuctionGroup } from '../modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from '../modules/catalogs/buyers-premium-step.entity';
import { Approval } from '../modules/bidders/approval.entity';
import { Catalog, SaleType } from '../modules/catalogs/catalog.entity';
import { newRef } from '../modules/houses/identity/secrets';
import { Lot } from '../modules/lots/lot.entity';
import { LotImage } from '../modules/lots/lot-image.entity';
import { seededRandom } from './seeded-random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoSession {
  type: Exclude<SaleType, 'bin'>;
  /** Start, from the moment the demo is loaded. */
  startsIn: number;
  lots: number;
  published: boolean;
  step?: number;
  /** Open for bidding: starting bids and registered bidders (its bids: demo-timed-bids.ts). */
  open?: boolean;
}

/** The open timed sale whose bids the bidding service places after the load (demo-timed-bids.ts). */
export const DEMO_TIMED_SALE = 'Weekend Prints & Posters';
/** Bidders of house `demo` registered for it (the first online ones). */
export const DEMO_TIMED_BIDDERS = 5;

/** The calendar's sales, each session starting this long after the load (fixed sizes, whatever the demo size). */
export const DEMO_CALENDAR_SALES: readonly { name: string; sessions: readonly DemoSession[] }[] = [
  {
    name: 'Spring Jewelry & Watches',
    sessions: [
      { type: 'live', startsIn: 3 * DAY, lots: 14, published: true },
      { type: 'timed', startsIn: 10 * DAY, lots: 10, published: false, step: 3 },
    ],
  },
  { name: DEMO_TIMED_SALE, sessions: [{ type: 'timed', startsIn: 2 * DAY, lots: 8, published: true, step: 6, open: true }] },
  { name: 'Evening Silver Sale', sessions: [{ type: 'live', startsIn: 75 * 60_000, lots: 12, published: true }] },
  { name: 'Mid-Century Design', sessions: [{ type: 'timed', startsIn: 21 * DAY, lots: 0, published: false, step: 2 }] },
  { name: 'Books & Manuscripts', sessions: [] },
];

/**
 * Sales of house `demo` in the states the calendar shows, dated from the moment the demo data is
 * loaded (the main demo sales are dated in the past: those are the past sales with results and the
 * buy-now sale): upcoming live and timed sessions with lots, a live session starting within two
 * hours, an empty session (Delete Session), a sale with no session yet (Add Session) and an open
 * timed sale with registered bidders (its bids come after the load: demo-timed-bids.ts). About 60
 * lots: a few milliseconds.
 */
export async function loadDemoCalendar(
  em: EntityManager,
  houseUserName = 'demo',
  now = new Date(),
): Promise<{ sessions: number; lots: number }> {
  const [house] = await em.execute<{ id: number; is_house_fee_step_active: boolean }[]>(
    'select id, is_house_fee_step_active from house where house_user_name = ?',
    [houseUserName],
  );
  if (!house) return { sessions: 0, lots: 0 };
  // References from their own seed: the same every run (the demo digest compares two loads).
  const rnd = seededRandom(20261125);
  const ref = (p: string) => newRef(p, rnd);
  const addresses = await em.execute<{ id: number }[]>(
    'select id from house_address where house_id = ? and deleted_at is null order by "primary" desc, id',
    [house.id],
  );
  // Starts on a quarter hour (the wizard's minutes are 00, 15, 30, 45).
  const quarter = 15 * 60_000;
  const at = (ms: number) => new Date(Math.ceil((now.getTime() + ms) / quarter) * quarter);
  const sales = DEMO_CALENDAR_SALES;
  const TITLES = ['Gold pocket watch', 'Sapphire ring', 'Pearl necklace', 'Silver tea service', 'Cameo brooch', 'Enamel cufflinks'];
  let lots = 0;
  let sessions = 0;
  for (const sale of sales) {
    const [groupId] = await bulkInsert(em, AuctionGroup, [
      {
        house: house.id,
        groupName: sale.name,
        isLive: true,
        currencyCode: 'USD',
        liveFeeRate: 3000,
        houseFeeStepEnabled: house.is_house_fee_step_active,
      },
    ]);
    await bulkInsert(em, BuyersPremiumStep, [{ group: groupId, fromCents: 0, toCents: undefined, rate: 25_000 }]);
    if (sale.sessions.some((s) => s.open)) await registerBidders(em, house.id, groupId);
    for (const s of sale.sessions) {
      const [catalogId] = await bulkInsert(em, Catalog, [
        {
          house: house.id,
          group: groupId,
          catalogRef: ref('C'),
          title: `${sale.name} — ${s.type === 'live' ? 'Live Session' : 'Timed Session'}`,
          saleType: s.type,
          eventDate: at(s.startsIn),
          address: addresses[0]?.id,
          currencyCode: 'USD',
          published: s.published,
          stepTracker: s.step,
          // An open sale's lots end a minute apart from its date (the first lot's end).
          ...(s.open ? { timedType: 1, timedValue: 60 } : {}),
        },
      ]);
      sessions++;
      // The summary's banners and statuses: on the published live session, a banned, a potentially
      // banned and a payment-restricted lot, and images on most lots (data URLs: no file store needed).
      const marks = s.published && s.type === 'live' && s.lots >= 10;
      const rows = Array.from({ length: s.lots }, (_, i) => ({
        house: house.id,
        catalog: catalogId,
        lotRef: ref('L'),
        lotNumber: String(i + 1),
        title: `${TITLES[i % TITLES.length]} (${i + 1})`,
        description: 'Estate of a private collector. Condition: very good.',
        loEstCents: (i + 2) * 10_000,
        hiEstCents: (i + 2) * 20_000,
        // The last lots of a published session still wait to be published.
        published: s.published && i < s.lots - 2,
        banned: marks && i === 6,
        potentiallyBanned: marks && i === 8,
        restricted: marks && i === 9,
        ...(s.open ? { startingBidCents: (i + 2) * 5_000 } : {}),
      }));
      const lotIds = await bulkInsert(em, Lot, rows);
      const withImages = lotIds.filter((_, i) => i % 4 !== 3);
      await bulkInsert(
        em,
        LotImage,
        withImages.map((lot, n) => ({
          house: house.id,
          lot,
          sequence: 0,
          url: demoLotImage(TITLES[lotIds.indexOf(lot) % TITLES.length], n),
        })),
      );
      // A published session has its cover (the first lot image), as publishing sets it.
      if (s.published && withImages.length) {
        await em.execute('update catalog set cover_image_url = (select url from lot_image where lot_id = ?) where id = ?', [
          withImages[0],
          catalogId,
        ]);
      }
      lots += rows.length;
    }
  }
  return { sessions, lots };
}

/** The open sale's registrations: the house's first online bidders, with paddles (plain rows, like the rest of the demo). */
async function registerBidders(em: EntityManager, houseId: number, groupId: number): Promise<void> {
  const members = await em.execute<{ id: number; platform: string }[]>(
    `select id, platform from member where house_id = ? and platform <> 'Floor' order by id limit ?`,
    [houseId, DEMO_TIMED_BIDDERS],
  );
  await bulkInsert(
    em,
    Approval,
    members.map((m, i) => ({ house: houseId, group: groupId, member: m.id, paddleNumber: 500 + i, channel: m.platform })),
  );
}

const PALETTE = ['#8d6e63', '#5c6bc0', '#26a69a', '#ab47bc', '#ef6c00', '#546e7a'];

/** A small SVG picture of a lot as a data URL: the demo shows images without a file store. */
export function demoLotImage(title: string, n: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${PALETTE[n % PALETTE.length]}"/>` +
    `<circle cx="200" cy="130" r="70" fill="#ffffff" fill-opacity="0.25"/><text x="200" y="260" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${title}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
