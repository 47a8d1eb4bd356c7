import request from 'supertest';
import type { Download, Page } from 'playwright-core';
import { createInvoicedGroup } from '../invoice-details/factory';
import { q, TODAY_US } from '../invoice-marks/support';
import { DEMO_PASSWORD, ensureAdminBuilt, openBrowser, signInAs, type OpenedBrowser } from './browser';
import { startTestServer } from './test-app';

type Sale = Awaited<ReturnType<typeof createInvoicedGroup>>;
type Row = Record<string, any>;

/** Waits until `check` holds (downloads arrive one by one). */
export async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The setup of the money browser files (accounting export, money reports): the real server on the
 * demo house, the owner signed in by the login call (for seeding) and in Chromium (downloads
 * collected), and the seeding steps both use: a sale invoiced, an invoice paid by check, the sale
 * settled for one consignor on a flat 15 % plan.
 */
export async function startMoneyBrowser() {
  ensureAdminBuilt();
  const server = await startTestServer({ redis: false });
  const t = server.testApp;
  const [house] = await q<Row>(t, `select id, house_ref from house where house_user_name = 'demo'`);
  const agent = request.agent(server.baseUrl);
  const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD });
  const csrf = login.body.data.csrfToken as string;
  const post = (path: string, body: object = {}) => agent.post(path).set('X-CSRF-Token', csrf).send(body);
  const downloads: Download[] = [];
  let browser: OpenedBrowser | undefined;
  return {
    server,
    t,
    house: house as { id: number; house_ref: string },
    post,
    downloads,
    createSale: (spec: Omit<Parameters<typeof createInvoicedGroup>[1], 'houseId'>) =>
      createInvoicedGroup(t.em(), { houseId: house.id, ...spec }),
    /** Marks the invoice paid by check through the house call; answers its stored row before. */
    async markPaid(invoiceId: number): Promise<Row> {
      const [inv] = await q<Row>(t, 'select version, invoice_total_cents from invoice where id = ?', [invoiceId]);
      const paid = await post(`/app/house/${house.house_ref}/invoicePaidOnly`, {
        invoiceID: invoiceId,
        paid: true,
        paidDate: TODAY_US,
        paymentMethodID: 102,
        version: inv.version,
      });
      expect(paid.status).toBe(200);
      return inv;
    },
    /** The sale's lots consigned by one new consignor on a flat 15 % plan, settled and made ready: answers the settlement id. */
    async settleReady(sale: Sale, planName: string, consignorName: string): Promise<number> {
      const plan = await post('/api/commission-plans', { name: planName, tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }] });
      const consignor = await post('/api/consignors', { name: consignorName, commissionPlanId: plan.body.id });
      expect((await post(`/api/consignors/${consignor.body.id}/lots`, { lots: sale.lotIds.map((lotId) => ({ lotId })) })).status).toBe(200);
      const run = await post('/api/settlements/for-sale', { saleId: sale.auctionGroupId });
      const id = run.body.settlements[0].id as number;
      expect((await post(`/api/settlements/${id}/ready`)).status).toBe(200);
      return id;
    },
    /** Chromium at 1440 x 900, the owner signed in, downloads collected in `downloads`. */
    async openPage(): Promise<Page> {
      browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
      browser.page.on('download', (d) => downloads.push(d));
      await signInAs(browser.page, server.baseUrl, 'demo', 'owner');
      return browser.page;
    },
    async close(): Promise<void> {
      await browser?.close();
      await server.close();
    },
  };
}
