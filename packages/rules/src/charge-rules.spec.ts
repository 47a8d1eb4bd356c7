import { describe, expect, it } from '@jest/globals';
import { CHARGE_FIELDS, CHARGE_FORM_TEXT, CHARGES_TEXT, chargeMayBeNegative } from './charge-rules';

describe('charge rules', () => {
  it('only Other may be negative', () => {
    expect(CHARGE_FIELDS.filter(chargeMayBeNegative)).toEqual(['other']);
  });
  it('the form refuses a locked charge with the words the server answers', () => {
    expect(CHARGE_FORM_TEXT.locked).toBe(CHARGES_TEXT.locked);
  });
});
