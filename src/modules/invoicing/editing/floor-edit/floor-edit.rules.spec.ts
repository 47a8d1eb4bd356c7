import { editState, line } from '../../../../../test/support/edit-state.builders';
import { checkChannelHeader, FLOOR_TEXT, parseFloorEdit, planFloorEdit, type FloorEditRequest } from './floor-edit.rules';
import { errorsOf } from '../../../../../test/support/refusal';

const body = (details: unknown[], over: Record<string, unknown> = {}) => ({
  data: { type: 'invoice', id: '7', attributes: { invoiceDetails: details, version: 4 }, ...over },
});
const floor = (over: Parameters<typeof editState>[0] = {}) => editState({ ...over, invoice: { channel: 'Floor', ...over.invoice } });
const req = (lines: FloorEditRequest['lines']): FloorEditRequest => ({ invoiceId: 7, version: 4, lines });

describe("Floor edits of hammer, buyer's premium and live fee (spec 000 sections 4 and 7)", () => {
  it('reads the JSON:API-style body: amounts as numbers or text; null removes an override; absent keeps it', () => {
    expect(
      parseFloorEdit(
        7,
        body([
          { lotId: 1001, hammer: 1200, buyersPremium: '300.50' },
          { lotId: '1002', liveFee: null },
        ]),
      ),
    ).toEqual({
      invoiceId: 7,
      version: 4,
      lines: [
        { lotId: 1001, hammer: 120_000, premium: 30_050, liveFee: undefined },
        { lotId: 1002, hammer: undefined, premium: undefined, liveFee: null },
      ],
    });
    expect(
      parseFloorEdit(7, { data: { type: 'invoice', id: 7, attributes: { invoiceDetails: [{ lotId: 1, hammer: 0 }] } } }).version,
    ).toBeNull();
  });

  it('refuses a body that is not the documented shape, each with its message', () => {
    expect(errorsOf(() => parseFloorEdit(7, {}))).toEqual({ data: FLOOR_TEXT.data });
    expect(errorsOf(() => parseFloorEdit(7, body([{ lotId: 1, hammer: 1 }], { type: 'lot' })))).toEqual({ 'data.type': FLOOR_TEXT.type });
    expect(errorsOf(() => parseFloorEdit(7, body([{ lotId: 1, hammer: 1 }], { id: '8' })))).toEqual({ 'data.id': FLOOR_TEXT.id });
    expect(errorsOf(() => parseFloorEdit(7, body([])))).toEqual({ 'data.attributes.invoiceDetails': FLOOR_TEXT.details });
    expect(errorsOf(() => parseFloorEdit(7, body([{ lotId: 1 }])))).toEqual({
      'data.attributes.invoiceDetails[0].hammer': FLOOR_TEXT.nothing,
    });
    expect(errorsOf(() => parseFloorEdit(7, body([{ lotId: 1, hammer: -1, buyersPremium: '1.001', liveFee: 'x' }])))).toEqual({
      'data.attributes.invoiceDetails[0].hammer': 'Hammer must be a number of at least 0 with no more than two decimals.',
      'data.attributes.invoiceDetails[0].buyersPremium': "Buyer's premium must be a number of at least 0 with no more than two decimals.",
      'data.attributes.invoiceDetails[0].liveFee': 'Live fee must be a number of at least 0 with no more than two decimals.',
    });
    expect(
      errorsOf(() =>
        parseFloorEdit(
          7,
          body([
            { lotId: 1, hammer: 1 },
            { lotId: 1, hammer: 2 },
          ]),
        ),
      ),
    ).toEqual({ 'data.attributes.invoiceDetails[1].lotId': FLOOR_TEXT.twice });
    expect(errorsOf(() => parseFloorEdit(7, body([{ lotId: 1, hammer: 1, tax: 2 }])))).toEqual({
      'data.attributes.invoiceDetails[0].tax': 'Unknown field.',
    });
  });

  it('the channel, when sent, must be Floor', () => {
    expect(() => checkChannelHeader(undefined)).not.toThrow();
    expect(() => checkChannelHeader('Floor')).not.toThrow();
    expect(() => checkChannelHeader('floor')).not.toThrow();
    expect(errorsOf(() => checkChannelHeader('INV'))).toEqual({ channel: FLOOR_TEXT.channelHeader });
  });

  it('replaces the computed values with the ones given (stored as overrides)', () => {
    const s = floor({ lines: [line(1, { premiumOverrideCents: 500 }), line(2)] });
    const [u] = planFloorEdit(s, req([{ lotId: 1001, hammer: 120_000, premium: undefined, liveFee: 0 }]));
    expect(u).toMatchObject({
      before: { hammer: null, premium: 500, liveFee: null },
      after: { hammer: 120_000, premium: 500, liveFee: 0 },
    });
    expect(planFloorEdit(s, req([{ lotId: 1001, hammer: undefined, premium: null, liveFee: undefined }]))[0].after).toEqual({
      hammer: null,
      premium: null,
      liveFee: null,
    });
    expect(planFloorEdit(s, req([{ lotId: 1001, hammer: undefined, premium: 500, liveFee: undefined }]))).toEqual([]);
  });

  it('only Floor-channel invoices, and only lots won on the Floor', () => {
    expect(() => planFloorEdit(editState(), req([{ lotId: 1001, hammer: 1, premium: undefined, liveFee: undefined }]))).toThrow(
      FLOOR_TEXT.notFloor,
    );
    const s = floor({ lines: [line(1, { channel: 'INV' })] });
    expect(() => planFloorEdit(s, req([{ lotId: 1001, hammer: 1, premium: undefined, liveFee: undefined }]))).toThrow(
      FLOOR_TEXT.lotNotFloor('Lot 1'),
    );
  });

  it('only unpaid invoices: not paid, no payment made, no lot paid; nothing pending', () => {
    const edit = req([{ lotId: 1001, hammer: 1, premium: undefined, liveFee: undefined }]);
    expect(() => planFloorEdit(floor({ invoice: { allPaid: true } }), edit)).toThrow(FLOOR_TEXT.paid);
    expect(() => planFloorEdit(floor({ invoice: { paymentsMadeCents: 100 } }), edit)).toThrow(FLOOR_TEXT.paid);
    expect(() => planFloorEdit(floor({ lines: [line(1, { paid: true })] }), edit)).toThrow(FLOOR_TEXT.lotPaid('Lot 1'));
    expect(() => planFloorEdit(floor({ lines: [line(1), line(2, { amountPaidCents: 1 })] }), edit)).toThrow(FLOOR_TEXT.paid);
    expect(() => planFloorEdit(floor({ invoice: { onlinePaymentStat: 'p' } }), edit)).toThrow(FLOOR_TEXT.pending);
  });

  it('a lot not on the invoice is named', () => {
    expect(
      errorsOf(() =>
        planFloorEdit(
          floor(),
          req([
            { lotId: 1001, hammer: 1, premium: undefined, liveFee: undefined },
            { lotId: 5, hammer: 1, premium: undefined, liveFee: undefined },
          ]),
        ),
      ),
    ).toEqual({
      'data.attributes.invoiceDetails[1].lotId': FLOOR_TEXT.notOnInvoice,
    });
  });
});
