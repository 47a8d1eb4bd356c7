import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { DELIVERY_TEXT } from '../../src/modules/invoicing/editing/group-detail-edits/delivery-mode.rules';
import { VARIANT_TEXT } from '../../src/modules/invoicing/editing/group-detail-edits/group-detail-edits.controller';
import { VISIBILITY_TEXT } from '../../src/modules/invoicing/editing/group-detail-edits/line-visibility.rules';
import { NOTES_TEXT } from '../../src/modules/invoicing/editing/group-detail-edits/notes.rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { exec, fingerprint, payLines, post, smallGroup, STALE_TEXT, stored } from './support';

/**
 * `POST /app/house/{houseRef}/invoiceGroup/{id}/groupDetailInfo` variants (spec 000 sections 4, 5
 * and 7): hide/show a lot (invoiceDetails / invoiceDetailPrice) or an additional charge, the
 * internal note (invoiceNotes), pickup or shipping (invoiceItemDeliveryModes); their refusals,
 * versions and audit records.
 */
describe('POST groupDetailInfo variants (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let g: FactoryGroup;
  let other: FactoryGroup;

  const edit = (body: unknown, groupId = g.groupId, s: SignedIn = a) =>
    post(s, `/app/house/${houses.a.houseRef}/invoiceGroup/${groupId}/groupDetailInfo`, body);
  const version = async (invoiceId: number) => (await stored(t, invoiceId)).invoice.version as number;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    g = await smallGroup(t, houses.a.id);
    other = await smallGroup(t, houses.a.id, { title: 'Other group' });
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  describe('hide from invoice / show on invoice', () => {
    it('hides a lot: it leaves the counts and totals, stays listed flagged suppress; shows it again', async () => {
      const id = g.invoiceIds[0]!;
      const before = await stored(t, id);
      const hidden = before.lines[1];
      const res = await edit({
        invoiceDetails: [{ invoiceID: id, invoiceDetailID: hidden.id, suppress: true, version: before.invoice.version }],
      }).expect(200);
      expect(res.body.data).toMatchObject({
        success: true,
        invoiceID: id,
        version: before.invoice.version + 1,
        invoices: [{ invoiceID: id, version: before.invoice.version + 1, changed: true }],
      });
      const after = await stored(t, id);
      expect(after.lines[1].suppress).toBe(true);
      expect(after.invoice).toMatchObject({
        item_count: 2,
        invoice_total_cents: before.invoice.invoice_total_cents - hidden.total_cents,
        hammer_total_cents: before.invoice.hammer_total_cents - hidden.hammer_cents,
      });
      expect(after.audit[0]).toMatchObject({
        action: 'line.hide',
        line_id: hidden.id,
        before: { [`line:${hidden.id}.suppress`]: false },
        after: { [`line:${hidden.id}.suppress`]: true },
      });
      const inv = res.body.data.invoice;
      expect(inv).toMatchObject({ itemCount: 2, invoiceTotalCents: after.invoice.invoice_total_cents });
      expect(inv.invoiceDetails.find((l: { invoiceDetailID: number }) => l.invoiceDetailID === hidden.id)).toMatchObject({
        suppress: true,
      });
      // The flat form and the invoiceDetailPrice name do the same.
      await edit({ invoiceID: id, invoiceDetailID: hidden.id, suppress: false, version: after.invoice.version }).expect(200);
      expect((await stored(t, id)).invoice.invoice_total_cents).toBe(before.invoice.invoice_total_cents);
      await edit({ invoiceDetailPrice: { invoiceID: id, invoiceDetailID: hidden.id, suppress: true } }).expect(200);
      await edit({ invoiceDetailPrice: { invoiceID: id, invoiceDetailID: hidden.id, suppress: false } }).expect(200);
      expect((await stored(t, id)).audit.slice(0, 4).map((r) => r.action)).toEqual(['line.show', 'line.hide', 'line.show', 'line.hide']);
    });

    it('several lots of one invoice in one request: one change', async () => {
      const id = g.invoiceIds[0]!;
      const before = await stored(t, id);
      const v = before.invoice.version;
      await edit({
        invoiceDetails: [0, 1].map((i) => ({ invoiceID: id, invoiceDetailID: before.lines[i].id, suppress: true, version: v })),
      }).expect(200);
      const after = await stored(t, id);
      expect(after.invoice).toMatchObject({ version: v + 1, item_count: 1 });
      await edit({
        invoiceDetails: [0, 1].map((i) => ({ invoiceID: id, invoiceDetailID: before.lines[i].id, suppress: false, version: v + 1 })),
      }).expect(200);
      expect((await stored(t, id)).invoice.item_count).toBe(3);
    });

    it('the same state again is no change (same version, no audit record)', async () => {
      const id = g.invoiceIds[0]!;
      const before = await stored(t, id);
      const res = await edit({
        invoiceDetails: { invoiceID: id, invoiceDetailID: before.lines[0].id, suppress: false, version: before.invoice.version },
      }).expect(200);
      expect(res.body.data).toMatchObject({ version: before.invoice.version, invoices: [{ changed: false }] });
      expect(await stored(t, id)).toEqual(before);
    });

    it('refuses a paid lot and a lot with a pending online payment; changes nothing', async () => {
      const fresh = await smallGroup(t, houses.a.id);
      const id = fresh.invoiceIds[0]!;
      await payLines(t, houses.a.id, id, [fresh.lineIds[0]]);
      await exec(t, `update invoice_line set online_payment_stat = 'h' where id = ?`, [fresh.lineIds[1]]);
      const before = await fingerprint(t, id);
      const paid = await edit(
        { invoiceDetails: { invoiceID: id, invoiceDetailID: fresh.lineIds[0], suppress: true } },
        fresh.groupId,
      ).expect(409);
      expect(paid.body).toEqual({ statusCode: 409, code: 'NOT_ALLOWED', message: VISIBILITY_TEXT.paid('Lot 1', true) });
      const pending = await edit(
        { invoiceDetails: { invoiceID: id, invoiceDetailID: fresh.lineIds[2], suppress: true } },
        fresh.groupId,
      ).expect(409);
      expect(pending.body.message).toBe(VISIBILITY_TEXT.pending('Lot 3', true));
      expect(await fingerprint(t, id)).toBe(before);
    });

    it('hides an additional charge (status Hidden, out of the totals) unless it is paid or pending', async () => {
      const fresh = await smallGroup(t, houses.a.id);
      const id = fresh.invoiceIds[2]!;
      await payLines(t, houses.a.id, id, [fresh.lineIds[5]]);
      await post(a, `/app/house/${houses.a.houseRef}/additionalCharges`, { invoiceID: id, lotID: fresh.lotIds[5], shipping: 30 }).expect(
        200,
      );
      const before = await stored(t, id);
      const res = await edit(
        { invoiceDetailPrice: { invoiceID: id, invoiceDetailID: fresh.lineIds[5], suppress: true, additionalCharge: true } },
        fresh.groupId,
      ).expect(200);
      const after = await stored(t, id);
      expect(after.additional[0].hidden).toBe(true);
      expect(after.invoice.invoice_total_cents).toBe(before.invoice.invoice_total_cents - 3000);
      expect(after.audit[0]).toMatchObject({
        action: 'additional.hide',
        before: { [`additional:line:${fresh.lineIds[5]}.hidden`]: false },
        after: { [`additional:line:${fresh.lineIds[5]}.hidden`]: true },
      });
      expect(res.body.data.invoice.invoiceDetails[0].additionalPriceInfo).toMatchObject({ hidden: true, status: 'Hidden' });
      expect(res.body.data.invoice.additionalTotalCents).toBe(0);
      await exec(t, `update invoice_additional_charge set online_payment_stat = 'p' where invoice_id = ?`, [id]);
      const locked = await edit(
        { invoiceDetailPrice: { invoiceID: id, invoiceDetailID: fresh.lineIds[5], suppress: false, additionalCharge: true } },
        fresh.groupId,
      ).expect(409);
      expect(locked.body.message).toBe(VISIBILITY_TEXT.additionalLocked(false));
      const none = await edit({ invoiceDetailPrice: { invoiceID: id, suppress: true, additionalCharge: true } }, fresh.groupId).expect(404);
      expect(none.body.message).toBe(VISIBILITY_TEXT.noAdditional);
    });

    it('a lot of another invoice, or an invoice of another group, is not found', async () => {
      const id = g.invoiceIds[0]!;
      const before = await fingerprint(t, id);
      expect((await edit({ invoiceDetails: { invoiceID: id, invoiceDetailID: g.lineIds[5], suppress: true } }).expect(404)).body).toEqual({
        statusCode: 404,
        code: 'LINE_NOT_FOUND',
        message: VISIBILITY_TEXT.lineNotFound,
      });
      expect(
        (await edit({ invoiceDetails: { invoiceID: id, invoiceDetailID: g.lineIds[0], suppress: true } }, other.groupId).expect(404)).body,
      ).toEqual({ statusCode: 404, code: 'INVOICE_NOT_FOUND', message: 'Invoice not found.' });
      expect((await edit({ invoiceDetails: { invoiceID: 99_999_999, invoiceDetailID: 1, suppress: true } }).expect(404)).body.code).toBe(
        'INVOICE_NOT_FOUND',
      );
      expect(await fingerprint(t, id)).toBe(before);
    });
  });

  describe('internal note', () => {
    it('saves the note (trimmed), not re-priced; the invoice shows it and hasNote', async () => {
      const id = g.invoiceIds[1]!;
      const before = await stored(t, id);
      const res = await edit({
        invoiceNotes: [{ invoiceID: id, notes: '  Collect Tuesday\nafter 2pm ', version: before.invoice.version }],
      }).expect(200);
      expect(res.body.data).toMatchObject({ success: true, invoiceID: id, version: before.invoice.version + 1 });
      expect(res.body.data.invoice).toMatchObject({ notes: 'Collect Tuesday\nafter 2pm', hasNote: true });
      const after = await stored(t, id);
      expect(after.invoice.notes).toBe('Collect Tuesday\nafter 2pm');
      expect(after.audit[0]).toMatchObject({ action: 'note', before: { notes: null }, after: { notes: 'Collect Tuesday\nafter 2pm' } });
      // Flat form.
      await edit({ invoiceID: id, notes: 'Second note', version: after.invoice.version }).expect(200);
      expect((await stored(t, id)).invoice.notes).toBe('Second note');
    });

    it('a note is staff-only: a sent invoice is not marked edited after sending (hiding a lot is)', async () => {
      const fresh = await smallGroup(t, houses.a.id);
      const id = fresh.invoiceIds[0]!;
      await exec(t, `update invoice set sent_at = '2026-11-02T15:00:00Z' where id = ?`, [id]);
      await edit({ invoiceNotes: { invoiceID: id, notes: 'Internal only' } }, fresh.groupId).expect(200);
      expect((await stored(t, id)).invoice.edited_after_send).toBe(false);
      await edit({ invoiceDetails: { invoiceID: id, invoiceDetailID: fresh.lineIds[0], suppress: true } }, fresh.groupId).expect(200);
      expect((await stored(t, id)).invoice.edited_after_send).toBe(true);
    });

    it('refuses an empty or too long note, with the message, and changes nothing', async () => {
      const id = g.invoiceIds[1]!;
      const before = await fingerprint(t, id);
      const empty = await edit({ invoiceNotes: [{ invoiceID: id, notes: '   ' }] }).expect(400);
      expect(empty.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: NOTES_TEXT.required,
        errors: { 'invoiceNotes[0].notes': NOTES_TEXT.required },
      });
      expect((await edit({ invoiceID: id, notes: 'x'.repeat(2001) }).expect(400)).body.errors).toEqual({ notes: NOTES_TEXT.tooLong });
      expect(await fingerprint(t, id)).toBe(before);
    });

    it('a list: every invoice or none (one stale version refuses them all)', async () => {
      const ids = [g.invoiceIds[0]!, g.invoiceIds[1]!, g.invoiceIds[2]!];
      const versions = await Promise.all(ids.map(version));
      const before = await Promise.all(ids.map((id) => fingerprint(t, id)));
      const stale = await edit({
        invoiceNotes: ids.map((id, i) => ({ invoiceID: id, notes: 'Bulk', version: i === 2 ? versions[i] + 5 : versions[i] })),
      }).expect(409);
      expect(stale.body).toEqual({ statusCode: 409, code: 'STALE_VERSION', message: STALE_TEXT });
      expect(await Promise.all(ids.map((id) => fingerprint(t, id)))).toEqual(before);
      const ok = await edit({ invoiceNotes: ids.map((id, i) => ({ invoiceID: id, notes: 'Bulk', version: versions[i] })) }).expect(200);
      expect(ok.body.data.invoices).toEqual(ids.map((id, i) => ({ invoiceID: id, version: versions[i] + 1, changed: true })));
      expect(ok.body.data.invoice).toBeUndefined();
      for (const id of ids) expect((await stored(t, id)).invoice.notes).toBe('Bulk');
      expect(
        (
          await edit({
            invoiceNotes: [
              { invoiceID: ids[0], notes: 'a' },
              { invoiceID: ids[0], notes: 'b' },
            ],
          }).expect(400)
        ).body.message,
      ).toBe(NOTES_TEXT.twice);
    });
  });

  describe('pickup or shipping', () => {
    it('marks an unpaid invoice pickup, then shipping again (not re-priced)', async () => {
      const id = g.invoiceIds[2]!;
      const before = await stored(t, id);
      const res = await edit({
        invoiceItemDeliveryModes: [{ invoiceID: id, deliveryMode: 'pickup', version: before.invoice.version }],
      }).expect(200);
      expect(res.body.data.invoice).toMatchObject({ pickup: true, version: before.invoice.version + 1 });
      const after = await stored(t, id);
      expect(after.invoice).toMatchObject({ pickup: true, invoice_total_cents: before.invoice.invoice_total_cents });
      expect(after.audit[0]).toMatchObject({ action: 'delivery-mode', before: { pickup: false }, after: { pickup: true } });
      await edit({ invoiceID: id, deliveryMode: 'shipping', version: after.invoice.version }).expect(200);
      expect((await stored(t, id)).invoice.pickup).toBe(false);
    });

    it('refuses a bad mode, a fully paid invoice, a pending payment, a paid lot', async () => {
      const fresh = await smallGroup(t, houses.a.id);
      const [i0, i1, i2] = [fresh.invoiceIds[0]!, fresh.invoiceIds[1]!, fresh.invoiceIds[2]!];
      expect((await edit({ invoiceID: i0, deliveryMode: 'collect' }, fresh.groupId).expect(400)).body.errors).toEqual({
        deliveryMode: DELIVERY_TEXT.mode,
      });
      await exec(t, 'update invoice set all_paid = true where id = ?', [i0]);
      await exec(t, `update invoice set online_payment_stat = 'i' where id = ?`, [i1]);
      await payLines(t, houses.a.id, i2, [fresh.lineIds[5]]);
      const before = await Promise.all([i0, i1, i2].map((id) => fingerprint(t, id)));
      for (const [id, message] of [
        [i0, DELIVERY_TEXT.paid],
        [i1, DELIVERY_TEXT.pending],
        [i2, DELIVERY_TEXT.lotPaid],
      ] as const) {
        const res = await edit({ invoiceItemDeliveryModes: { invoiceID: id, deliveryMode: 'pickup' } }, fresh.groupId).expect(409);
        expect(res.body).toEqual({ statusCode: 409, code: 'NOT_ALLOWED', message });
      }
      expect(await Promise.all([i0, i1, i2].map((id) => fingerprint(t, id)))).toEqual(before);
    });
  });

  describe('the call itself', () => {
    it('refuses a body that is no variant, several variants, unknown fields', async () => {
      expect((await edit({}).expect(400)).body.message).toBe(VARIANT_TEXT.which);
      expect((await edit({ invoiceNotes: [], invoiceDetails: [] }).expect(400)).body.message).toBe(VARIANT_TEXT.one);
      expect((await edit({ invoiceNotes: [{ invoiceID: g.invoiceIds[0], notes: 'x', colour: 'red' }] }).expect(400)).body.errors).toEqual({
        'invoiceNotes[0].colour': 'Unknown field.',
      });
      expect((await edit({ invoiceID: g.invoiceIds[0], notes: 'x' }, 0).expect(404)).body).toEqual({
        statusCode: 404,
        code: 'INVOICE_GROUP_NOT_FOUND',
        message: 'Invoice group not found.',
      });
    });

    it('a stale version answers 409 with the text', async () => {
      const id = g.invoiceIds[2]!;
      const v = await version(id);
      expect((await edit({ invoiceID: id, notes: 'late', version: v + 3 }).expect(409)).body.message).toBe(STALE_TEXT);
    });

    it('needs accessInvoices', async () => {
      const none = await signIn(t.server, 'house-a', 'none');
      expect((await edit({ invoiceID: g.invoiceIds[2], notes: 'x' }, g.groupId, none).expect(403)).body.message).toBe(
        PERMISSION_DENIED_TEXT,
      );
    });
  });
});
