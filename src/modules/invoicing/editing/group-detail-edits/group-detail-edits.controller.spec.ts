import { parseGroupDetailEdit, VARIANT_TEXT } from './group-detail-edits.controller';
import { errorsOf } from '../../../../../test/support/refusal';

describe('POST groupDetailInfo: which variant a body is', () => {
  it('wrapped: the key names the variant; one entry or a list', () => {
    expect(parseGroupDetailEdit({ invoiceDetails: { invoiceID: 1, invoiceDetailID: 2, suppress: true } })).toEqual({
      variant: 'visibility',
      entries: [{ invoiceId: 1, lineId: 2, suppress: true, additionalCharge: false, version: null }],
    });
    expect(parseGroupDetailEdit({ invoiceDetailPrice: [{ invoiceID: 1, invoiceDetailID: 2, suppress: false, version: 3 }] }).variant).toBe(
      'visibility',
    );
    expect(
      parseGroupDetailEdit({
        invoiceNotes: [
          { invoiceID: 1, notes: 'a' },
          { invoiceID: 2, notes: 'b' },
        ],
      }),
    ).toEqual({
      variant: 'notes',
      entries: [
        { invoiceId: 1, notes: 'a', version: null },
        { invoiceId: 2, notes: 'b', version: null },
      ],
    });
    expect(parseGroupDetailEdit({ invoiceItemDeliveryModes: [{ invoiceID: 1, deliveryMode: 'pickup' }] })).toEqual({
      variant: 'delivery',
      entries: [{ invoiceId: 1, pickup: true, version: null }],
    });
  });

  it('flat: told apart by its keys', () => {
    expect(parseGroupDetailEdit({ invoiceID: 1, notes: 'a', version: 2 }).variant).toBe('notes');
    expect(parseGroupDetailEdit({ invoiceID: 1, deliveryMode: 'shipping' }).variant).toBe('delivery');
    expect(parseGroupDetailEdit({ invoiceID: 1, invoiceDetailID: 2, suppress: true }).variant).toBe('visibility');
  });

  it('refuses what is none of them, or several, and names each bad entry', () => {
    expect(errorsOf(() => parseGroupDetailEdit({}))).toEqual({ body: VARIANT_TEXT.which });
    expect(errorsOf(() => parseGroupDetailEdit([1]))).toEqual({ body: 'The request body must be a JSON object.' });
    expect(errorsOf(() => parseGroupDetailEdit({ invoiceNotes: [], invoiceDetails: [] }))).toEqual({ invoiceNotes: VARIANT_TEXT.one });
    expect(errorsOf(() => parseGroupDetailEdit({ invoiceNotes: [] }))).toEqual({ invoiceNotes: VARIANT_TEXT.entries });
    expect(errorsOf(() => parseGroupDetailEdit({ invoiceNotes: [{ invoiceID: 1, notes: 'a' }], extra: 1 }))).toEqual({
      extra: 'Unknown field.',
    });
    expect(
      errorsOf(() =>
        parseGroupDetailEdit({
          invoiceNotes: [
            { invoiceID: 1, notes: 'a' },
            { invoiceID: 2, notes: ' ' },
          ],
        }),
      ),
    ).toEqual({ 'invoiceNotes[1].notes': 'Note is required.' });
    expect(errorsOf(() => parseGroupDetailEdit({ invoiceNotes: { invoiceID: 1 } }))).toEqual({ 'invoiceNotes.notes': 'Note is required.' });
    expect(errorsOf(() => parseGroupDetailEdit({ invoiceID: 1, notes: '' }))).toEqual({ notes: 'Note is required.' });
  });
});
