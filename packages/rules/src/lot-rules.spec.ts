import {
  computedStartingBidCents,
  hasHtml,
  LOT_TEXT as T,
  parseWhole,
  validateLot,
  type LotInput,
  type LotNumberContext,
  type LotSaleType,
} from './lot-rules';

const GOOD: LotInput = { lotNumber: '12', lotTitle: 'A Georgian silver teapot', lotDescription: 'London, 1790.' };
const errorsOf = (input: LotInput, type: LotSaleType = 'live', connect = 's', ctx?: LotNumberContext) => {
  const r = validateLot(input, type, connect, ctx);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
};
const valuesOf = (input: LotInput, type: LotSaleType = 'live', connect = 's', ctx?: LotNumberContext) => {
  const r = validateLot(input, type, connect, ctx);
  if (!r.ok) throw new Error(`unexpected errors ${JSON.stringify(r.errors)}`);
  return r.values;
};

describe('lot number', () => {
  it('is required for live and timed, except for connect types e and p', () => {
    expect(errorsOf({ ...GOOD, lotNumber: ' ' }).lotNumber).toBe(T.numberRequired);
    expect(errorsOf({ ...GOOD, lotNumber: '' }, 'timed').lotNumber).toBe(T.numberRequired);
    expect(valuesOf({ ...GOOD, lotNumber: '' }, 'live', 'e').lotNumber).toBeNull();
    expect(valuesOf({ ...GOOD, lotNumber: null }, 'timed', 'p').lotNumber).toBeNull();
  });
  it('for buy now, a lot or an inventory number is required', () => {
    expect(errorsOf({ ...GOOD, lotNumber: '', itemPrice: 10 }, 'bin').lotNumber).toBe(T.numberOrInventoryRequired);
    expect(valuesOf({ ...GOOD, lotNumber: '', invNumber: 'INV-1', itemPrice: 10 }, 'bin').invNumber).toBe('INV-1');
  });
  it('is at most 8 characters, digits only', () => {
    expect(errorsOf({ ...GOOD, lotNumber: '123456789' }).lotNumber).toBe(T.numberTooLong);
    expect(errorsOf({ ...GOOD, lotNumber: '12a' }).lotNumber).toBe(T.numberDigits);
    expect(errorsOf({ ...GOOD, lotNumber: '-1' }).lotNumber).toBe(T.numberDigits);
    expect(valuesOf({ ...GOOD, lotNumber: '12345678' }).lotNumber).toBe('12345678');
  });
  it('extension is a single letter A-Z (typed lower case, stored upper case)', () => {
    expect(errorsOf({ ...GOOD, lotExt: 'AB' }).lotExt).toBe(T.extension);
    expect(errorsOf({ ...GOOD, lotExt: '1' }).lotExt).toBe(T.extension);
    expect(errorsOf({ ...GOOD, lotExt: 'é' }).lotExt).toBe(T.extension);
    expect(valuesOf({ ...GOOD, lotExt: 'b' }).lotExt).toBe('B');
  });
  const ctx: LotNumberContext = {
    others: [{ lotNumber: '12', lotExt: null, invNumber: 'INV-7' }],
    deleted: [{ lotNumber: '13', lotExt: 'A' }],
  };
  it('is checked against the other lots, the deleted ones and inventory numbers', () => {
    expect(errorsOf(GOOD, 'live', 's', ctx).lotNumber).toBe(T.numberInUse);
    expect(errorsOf({ ...GOOD, lotNumber: '13', lotExt: 'a' }, 'live', 's', ctx).lotNumber).toBe(T.numberDeleted);
    expect(valuesOf({ ...GOOD, lotExt: 'A' }, 'live', 's', ctx).lotExt).toBe('A');
    expect(valuesOf({ ...GOOD, lotNumber: '13' }, 'live', 's', ctx).lotNumber).toBe('13');
    expect(errorsOf({ ...GOOD, lotNumber: '14', invNumber: 'inv-7' }, 'live', 's', ctx).invNumber).toBe(T.inventoryInUse);
  });
});

describe('inventory number', () => {
  it('is at most 32 letters, digits and dashes', () => {
    expect(errorsOf({ ...GOOD, invNumber: 'A'.repeat(33) }).invNumber).toBe(T.inventoryTooLong);
    expect(errorsOf({ ...GOOD, invNumber: 'A B' }).invNumber).toBe(T.inventoryFormat);
    expect(errorsOf({ ...GOOD, invNumber: 'A_1' }).invNumber).toBe(T.inventoryFormat);
    expect(valuesOf({ ...GOOD, invNumber: 'A'.repeat(32) }).invNumber).toHaveLength(32);
  });
});

describe('title and description', () => {
  it('title is required, at most 250, without HTML or JavaScript', () => {
    expect(errorsOf({ ...GOOD, lotTitle: '  ' }).lotTitle).toBe(T.titleRequired);
    expect(errorsOf({ ...GOOD, lotTitle: 'x'.repeat(251) }).lotTitle).toBe(T.titleTooLong);
    expect(valuesOf({ ...GOOD, lotTitle: 'x'.repeat(250) }).title).toHaveLength(250);
    expect(errorsOf({ ...GOOD, lotTitle: 'A <b>bold</b> vase' }).lotTitle).toBe(T.titleHtml);
    expect(errorsOf({ ...GOOD, lotTitle: 'javascript:alert(1)' }).lotTitle).toBe(T.titleHtml);
    expect(valuesOf({ ...GOOD, lotTitle: 'Pair of vases, 3 < 4 inches' }).title).toBe('Pair of vases, 3 < 4 inches');
  });
  it('hasHtml finds tags and handlers, not comparisons', () => {
    expect(hasHtml('<script>x</script>')).toBe(true);
    expect(hasHtml('<img src=x onerror=alert(1)>')).toBe(true);
    expect(hasHtml('a onclick = "x"')).toBe(true);
    expect(hasHtml('1 < 2 > 0')).toBe(false);
  });
  it('description is required', () => {
    expect(errorsOf({ ...GOOD, lotDescription: '' }).lotDescription).toBe(T.descriptionRequired);
  });
});

describe('shipping numbers', () => {
  it.each([
    ['shipWidth', 'Shipping Width'],
    ['shipHeight', 'Shipping Height'],
    ['shipLength', 'Shipping Length'],
    ['shipWeight', 'Total Weight'],
    ['shipping', 'Shipping (Domestic)'],
  ] as const)('%s: digits only', (field, label) => {
    expect(errorsOf({ ...GOOD, [field]: '1.5' })[field]).toBe(`${label} must contain numerical values only.`);
    expect(errorsOf({ ...GOOD, [field]: 'ten' })[field]).toBe(T.digitsOnly(label));
    expect(validateLot({ ...GOOD, [field]: '10' }, 'live', 's').ok).toBe(true);
  });
  it('international shipping is for buy now only', () => {
    expect(errorsOf({ ...GOOD, itemPrice: 5, shippingIntl: 'x' }, 'bin').shippingIntl).toBe(
      'Shipping (International) must contain numerical values only.',
    );
    expect(valuesOf({ ...GOOD, itemPrice: 5, shippingIntl: '20', shipping: '7' }, 'bin')).toMatchObject({
      shippingIntlCents: 2000,
      shippingCents: 700,
    });
    expect(valuesOf({ ...GOOD, shippingIntl: '20' }).shippingIntlCents).toBeNull();
  });
});

describe('estimates, starting bid, reserve and price', () => {
  it('estimates are whole numbers, low below high', () => {
    expect(errorsOf({ ...GOOD, loEst: '1.5' }).loEst).toBe(T.lowWhole);
    expect(errorsOf({ ...GOOD, hiEst: '2.25' }).hiEst).toBe(T.highWhole);
    expect(errorsOf({ ...GOOD, loEst: '$1' }).loEst).toBe(T.lowDigits);
    expect(errorsOf({ ...GOOD, hiEst: '1,000' }).hiEst).toBe(T.highDigits);
    expect(errorsOf({ ...GOOD, loEst: 100, hiEst: 100 }).loEst).toBe(T.lowBelowHigh);
    expect(valuesOf({ ...GOOD, loEst: 100, hiEst: '200' })).toMatchObject({ loEstCents: 10000, hiEstCents: 20000 });
  });
  it('starting bid and reserve are optional whole numbers; reserve is for timed sessions only', () => {
    expect(errorsOf({ ...GOOD, startingBid: '2.5' }).startingBid).toBe(T.startingBidWhole);
    expect(errorsOf({ ...GOOD, startingBid: 'x' }).startingBid).toBe(T.startingBidDigits);
    expect(errorsOf({ ...GOOD, reserve: '2.5' }, 'timed').reserve).toBe(T.reserveWhole);
    expect(errorsOf({ ...GOOD, reserve: 'x' }, 'timed').reserve).toBe(T.reserveDigits);
    expect(valuesOf({ ...GOOD, reserve: 'x' }, 'live').reserveCents).toBeNull();
    expect(valuesOf({ ...GOOD, reserve: '300', startingBid: '50' }, 'timed')).toMatchObject({
      reserveCents: 30000,
      startingBidCents: 5000,
    });
    expect(valuesOf(GOOD).startingBidCents).toBeNull();
  });
  it('buy-now price is required, whole, digits only and above 0; estimates do not apply', () => {
    expect(errorsOf(GOOD, 'bin').itemPrice).toBe(T.priceRequired);
    expect(errorsOf({ ...GOOD, itemPrice: '9.99' }, 'bin').itemPrice).toBe(T.priceWhole);
    expect(errorsOf({ ...GOOD, itemPrice: 'abc' }, 'bin').itemPrice).toBe(T.priceDigits);
    expect(errorsOf({ ...GOOD, itemPrice: '0' }, 'bin').itemPrice).toBe(T.pricePositive);
    expect(valuesOf({ ...GOOD, itemPrice: '25', loEst: 'x', startingBid: 'x' }, 'bin')).toMatchObject({
      itemPriceCents: 2500,
      loEstCents: null,
      startingBidCents: null,
    });
  });
  it('parseWhole tells whole from digits-only failures', () => {
    expect(parseWhole(' 42 ')).toEqual({ ok: true, value: 42 });
    expect(parseWhole('')).toEqual({ ok: true, value: null });
    expect(parseWhole('.5')).toEqual({ ok: false, kind: 'whole' });
    expect(parseWhole('1e3')).toEqual({ ok: false, kind: 'digits' });
    expect(parseWhole('9'.repeat(20))).toEqual({ ok: false, kind: 'digits' });
  });
  it('the computed starting bid: half the low estimate on its increment, else the lowest increment 5', () => {
    expect(computedStartingBidCents(null, null)).toBe(500);
    expect(computedStartingBidCents(4000, 8000)).toBe(2000); // 20, increment 5
    expect(computedStartingBidCents(50000, 80000)).toBe(25000); // 250, increment 10
    expect(computedStartingBidCents(57000, null)).toBe(28000); // 285 -> 280
    expect(computedStartingBidCents(null, 300000)).toBe(150000); // 1500, increment 50
    expect(computedStartingBidCents(500, null)).toBe(500); // never below 5
  });
});

describe('free-text fields', () => {
  it('have a limit and are kept trimmed, empty as null', () => {
    expect(errorsOf({ ...GOOD, artistName: 'x'.repeat(251) }).artistName).toBe('Artist Name must be 250 characters or less.');
    expect(valuesOf({ ...GOOD, medium: ' Oil on canvas ', circa: '' })).toMatchObject({ medium: 'Oil on canvas', circa: null });
  });
});

describe('texts of the page', () => {
  it('code 112 names the number and extension', () => {
    expect(T.deletedNumber('12', 'A')).toBe('Lot Number 12A was used on a previously deleted lot.  Please enter a new lot number.');
    expect(T.deletedNumber('12', null)).toBe('Lot Number 12 was used on a previously deleted lot.  Please enter a new lot number.');
  });
});
