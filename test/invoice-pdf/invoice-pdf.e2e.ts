import request from 'supertest';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';
import { signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { FactoryGroup } from '../invoice-details/factory';
import { seedDetailsWorld } from '../invoice-details/scenario';
import { InvoicePdfService } from '../../src/modules/invoicing/pdf/invoice-pdf.service';

type Json = Record<string, any>;

const GROUP_NOT_FOUND = { statusCode: 404, code: 'INVOICE_GROUP_NOT_FOUND', message: 'Invoice group not found.' };
const INVOICE_NOT_FOUND = { statusCode: 404, code: 'INVOICE_NOT_FOUND', message: 'Invoice not found.' };

/** Collects a binary answer (supertest buffers only text and JSON by default). */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** "$1,684.38" -> 168438. */
const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);

/** Each page's invoice number (a continued page has none of its own) and total due, read from the PDF's text. */
async function readInvoices(pdf: Buffer): Promise<{ pages: number; invoices: { number: number; dueCents: number }[] }> {
  const r = await readPdfText(pdf);
  const invoices: { number: number; dueCents: number }[] = [];
  for (const text of r.pages) {
    const number = /Invoice #\s*(\d+)(?! \(continued\))/.exec(text);
    if (number && !text.includes('(continued)')) invoices.push({ number: Number(number[1]), dueCents: NaN });
    const due = /Total Due\s*(\$[\d,]+\.\d{2})/.exec(text);
    if (due) invoices[invoices.length - 1].dueCents = cents(due[1]);
  }
  return { pages: r.total, invoices };
}

/** Invoice PDFs (issue 10): one invoice, a group's invoices as a job, the stored file's signed link. */
describe('Invoice PDFs (HTTP, real PostgreSQL, in-process jobs)', () => {
  jest.setTimeout(60_000);
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;
  let main: FactoryGroup;
  let other: FactoryGroup;
  let bGroup: FactoryGroup;

  const base = (groupId: number, houseRef = houses.a.houseRef) => `/app/house/${houseRef}/invoiceGroup/${groupId}`;
  const single = (s: SignedIn, groupId: number, invoiceId: number | string, houseRef?: string) =>
    s.agent
      .get(`${base(groupId, houseRef)}/invoice/${invoiceId}/pdf`)
      .buffer(true)
      .parse(binary);
  const batch = (s: SignedIn, groupId: number, body: unknown, houseRef?: string) =>
    s.agent
      .post(`${base(groupId, houseRef)}/invoicePdf`)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const download = (s: SignedIn, url: string) => s.agent.get(url).buffer(true).parse(binary);

  /** Polls the run until it has finished, keeping each progress seen. */
  async function finished(s: SignedIn, jobId: string): Promise<{ job: Json; seen: Json[] }> {
    const seen: Json[] = [];
    for (let i = 0; i < 300; i++) {
      const job = (await s.agent.get(`/api/jobs/${jobId}`).expect(200)).body as Json;
      seen.push(job.progress);
      if (job.status === 'completed' || job.status === 'failed') return { job, seen };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  /** groupDetailInfo's invoices (the screen's own amounts), by invoice id. */
  async function groupDetails(groupId: number): Promise<Map<number, Json>> {
    const d = (await a.agent.get(`${base(groupId)}/groupDetailInfo`).expect(200)).body.data;
    return new Map((d.invoiceBidders as Json[]).map((i) => [i.invoiceID as number, i]));
  }

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    ({ houses, main, other, bGroup, a, b } = await seedDetailsWorld(t));
  });
  afterAll(() => t?.close());

  describe('GET invoice/{invoiceId}/pdf', () => {
    it("is the invoice's PDF as an attachment: its number and total due are groupDetailInfo's, to the cent", async () => {
      const details = await groupDetails(main.groupId);
      for (const id of main.invoiceIds.filter((i): i is number => i !== undefined)) {
        const res = await single(a, main.groupId, id).expect(200);
        const inv = details.get(id) as Json;
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice-${inv.invoiceNumber}.pdf"`);
        expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
        const { invoices } = await readInvoices(res.body as Buffer);
        expect(invoices).toEqual([{ number: inv.invoiceNumber, dueCents: inv.outStandingBalanceCents }]);
      }
      // Ada's worked example (1,684.38) and Chloe's balance after her 500.00 payment (2,010.00).
      expect(details.get(main.invoiceIds[0]!)?.outStandingBalanceCents).toBe(168_438);
      expect(details.get(main.invoiceIds[2]!)?.outStandingBalanceCents).toBe(201_000);
    });

    it("answers 404 for another group's invoice, another house's, an unknown or malformed id, and an unknown group", async () => {
      for (const id of [other.invoiceIds[0]!, bGroup.invoiceIds[0]!, 99_999_999, 'abc', '0']) {
        expect((await single(a, main.groupId, id).expect(404)).headers['content-type']).toMatch(/json/);
      }
      const res = await a.agent.get(`${base(main.groupId)}/invoice/${other.invoiceIds[0]}/pdf`).expect(404);
      expect(res.body).toMatchObject(INVOICE_NOT_FOUND);
      expect((await a.agent.get(`${base(bGroup.groupId)}/invoice/${bGroup.invoiceIds[0]}/pdf`).expect(404)).body).toMatchObject(
        GROUP_NOT_FOUND,
      );
      expect((await a.agent.get(`${base(99_999_999)}/invoice/${main.invoiceIds[0]}/pdf`).expect(404)).body).toMatchObject(GROUP_NOT_FOUND);
      // House B, in its own house or naming house A's: nothing of house A.
      await b.agent.get(`${base(main.groupId, houses.b.houseRef)}/invoice/${main.invoiceIds[0]}/pdf`).expect(404);
      await b.agent.get(`${base(main.groupId)}/invoice/${main.invoiceIds[0]}/pdf`).expect(404);
    });

    it('needs accessInvoices (403) and a session (401)', async () => {
      const none = await signIn(t.server, 'house-a', 'none');
      await none.agent.get(`${base(main.groupId)}/invoice/${main.invoiceIds[0]}/pdf`).expect(403);
      const clerk = await signIn(t.server, 'house-a', 'accessInvoices');
      await single(clerk, main.groupId, main.invoiceIds[0]!).expect(200);
      await request(t.server)
        .get(`${base(main.groupId)}/invoice/${main.invoiceIds[0]}/pdf`)
        .expect(401);
    });
  });

  describe('POST invoicePdf (job invoice-pdf) and its file', () => {
    it('an empty list prints every invoice of the group: progress reaches the total, the file downloads with a page per invoice', async () => {
      const res = await batch(a, main.groupId, []).expect(202);
      expect(res.body).toEqual({ data: { jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
      const { job, seen } = await finished(a, res.body.data.jobId);
      expect(job).toMatchObject({ name: 'invoice-pdf', status: 'completed', progress: { done: 4, total: 4, message: '4 of 4 invoices' } });
      expect(seen.every((p) => p.done <= p.total)).toBe(true);
      expect(job.result).toEqual({
        fileName: `invoices-group-${main.groupId}.pdf`,
        downloadUrl: expect.stringMatching(
          new RegExp(
            `^/app/house/${houses.a.houseRef}/invoiceGroup/${main.groupId}/invoicePdf/${job.id}/file\\?expires=\\d+&signature=[\\w-]+$`,
          ),
        ),
        invoices: 4,
        size: expect.any(Number),
      });

      const file = await download(a, job.result.downloadUrl).expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="invoices-group-${main.groupId}.pdf"`);
      expect((file.body as Buffer).length).toBe(job.result.size);
      const { pages, invoices } = await readInvoices(file.body as Buffer);
      expect(pages).toBeGreaterThanOrEqual(4);
      const details = await groupDetails(main.groupId);
      const expected = [...details.values()]
        .sort((x, y) => x.invoiceNumber - y.invoiceNumber)
        .map((i) => ({ number: i.invoiceNumber, dueCents: i.outStandingBalanceCents }));
      expect(invoices).toEqual(expected);
    });

    it('prints the named invoices of the group in the order asked, each once; other groups and houses ignored', async () => {
      const ids = [main.invoiceIds[2], other.invoiceIds[0], bGroup.invoiceIds[0], main.invoiceIds[0], String(main.invoiceIds[2])];
      const res = await batch(a, main.groupId, ids).expect(202);
      const { job } = await finished(a, res.body.data.jobId);
      expect(job).toMatchObject({ status: 'completed', progress: { done: 2, total: 2 }, result: { invoices: 2 } });
      const { invoices } = await readInvoices((await download(a, job.result.downloadUrl).expect(200)).body as Buffer);
      expect(invoices.map((i) => i.number)).toEqual([main.invoiceNumbers[2], main.invoiceNumbers[0]]);
    });

    it('refuses a bad body (400), an unknown or foreign group (404), no access (403) and no session (401), enqueueing nothing', async () => {
      const runs = async () =>
        Number((await t.em().getConnection().execute(`select count(*)::int as n from job_run where name = 'invoice-pdf'`))[0].n);
      const before = await runs();
      expect((await batch(a, main.groupId, ['x']).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await batch(a, main.groupId, { ids: [1] }).expect(400)).body.statusCode).toBe(400);
      expect((await batch(a, bGroup.groupId, []).expect(404)).body).toMatchObject(GROUP_NOT_FOUND);
      expect((await batch(a, 99_999_999, []).expect(404)).body).toMatchObject(GROUP_NOT_FOUND);
      await batch(b, main.groupId, [], houses.b.houseRef).expect(404);
      await batch(b, main.groupId, []).expect(404);
      const none = await signIn(t.server, 'house-a', 'none');
      await batch(none, main.groupId, []).expect(403);
      await request(t.server)
        .post(`${base(main.groupId)}/invoicePdf`)
        .send([])
        .expect(401);
      expect(await runs()).toBe(before);
    });

    it("serves the file only through a valid signature, to the run's own house and group", async () => {
      const res = await batch(a, main.groupId, [main.invoiceIds[1]]).expect(202);
      const { job } = await finished(a, res.body.data.jobId);
      const url = new URL(job.result.downloadUrl as string, 'http://x');
      const [expires, signature] = [url.searchParams.get('expires')!, url.searchParams.get('signature')!];
      const path = url.pathname;
      await download(a, `${path}?expires=${expires}&signature=${signature}`).expect(200);
      // Forged, missing or expired signature; another run; another group of the house; a malformed run id.
      const forged = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
      for (const bad of [
        `${path}?expires=${expires}&signature=${forged}`,
        `${path}?expires=${Number(expires) + 60}&signature=${signature}`,
        `${path}?expires=1&signature=${signature}`,
        path,
        `${base(main.groupId)}/invoicePdf/00000000-0000-4000-8000-000000000000/file?expires=${expires}&signature=${signature}`,
        `${base(other.groupId)}/invoicePdf/${job.id}/file?expires=${expires}&signature=${signature}`,
        `${base(main.groupId)}/invoicePdf/not-a-uuid/file?expires=${expires}&signature=${signature}`,
      ]) {
        const r = await a.agent.get(bad).expect(404);
        expect(r.headers['content-type']).toMatch(/json/);
      }
      // House B, with the whole link or the same run under its own house: 404; its job view too.
      await b.agent.get(job.result.downloadUrl).expect(404);
      await b.agent
        .get(`${base(main.groupId, houses.b.houseRef)}/invoicePdf/${job.id}/file?expires=${expires}&signature=${signature}`)
        .expect(404);
      await b.agent.get(`/api/jobs/${job.id}`).expect(404);
      // The link needs the session too: no access 403, none 401.
      const none = await signIn(t.server, 'house-a', 'none');
      await none.agent.get(job.result.downloadUrl).expect(403);
      await request(t.server).get(job.result.downloadUrl).expect(401);
    });

    it('a batch file is deleted a day after its run finished (hourly cleanup), once; its link then answers 404', async () => {
      const res = await batch(a, main.groupId, [main.invoiceIds[0]]).expect(202);
      const { job } = await finished(a, res.body.data.jobId);
      await download(a, job.result.downloadUrl).expect(200);
      const cleanup = t.app.get(InvoicePdfService);
      const sql = (q: string, p: unknown[]) => t.em().getConnection().execute(q, p);
      // A run of the last day keeps its file.
      await sql(`update job_run set finished_at = now() - interval '23 hours' where id = ?`, [job.id]);
      await cleanup.deleteOldBatchFiles();
      await download(a, job.result.downloadUrl).expect(200);
      await sql(`update job_run set finished_at = now() - interval '25 hours' where id = ?`, [job.id]);
      expect(await cleanup.deleteOldBatchFiles()).toBeGreaterThanOrEqual(1);
      await download(a, job.result.downloadUrl).expect(404);
      const [run] = await sql(`select result from job_run where id = ?`, [job.id]);
      expect(run.result).toMatchObject({ fileName: job.result.fileName, fileDeletedAt: expect.any(String) });
      // Marked: the next cleanup does not pick it again.
      const again = await sql(`select count(*)::int as n from job_run where id = ? and result->>'fileDeletedAt' is null`, [job.id]);
      expect(again[0].n).toBe(0);
    });
  });
});
