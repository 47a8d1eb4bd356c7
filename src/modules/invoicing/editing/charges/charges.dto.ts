import { CHARGE_MESSAGE_LABELS, chargeMayBeNegative, type ChargeField } from '@ar/rules';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { amountField, flagField, idField, versionField } from '../core/edit-input';
import { ReadsAs } from '../core/edit-input.validators';

const ID = { oneOf: [{ type: 'integer' }, { type: 'string' }] };
const FLAG = { oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }, { type: 'integer', enum: [0, 1] }] };
const AMOUNT = { oneOf: [{ type: 'number' }, { type: 'string' }] };

const flag = (label: string) => ReadsAs((o, k, e) => flagField(o, k, label, e));
const amount = (f: ChargeField) => ReadsAs((o, k, e) => amountField(o, k, CHARGE_MESSAGE_LABELS[f], e, { signed: chargeMayBeNegative(f) }));

/*
 * One form of `POST additionalCharges` (spec 000 §7): per lot (with lotID) or per invoice (without).
 * The body is one form or a list of them (`@OneOrManyBody`). Each field is checked by the reader
 * charges.rules.ts uses, with its messages; the rules keep what spans fields or forms (at least one
 * charge, one version and one form kind per invoice, a lot named twice, the list's length).
 * Declared in the order the rules report, so the first message stays the same.
 */
export class ChargeFormDto {
  @ApiPropertyOptional({ ...ID, description: 'The invoice (required).' })
  @ReadsAs((o, k, e) => idField(o, k, 'Invoice id', e))
  invoiceID?: number | string;

  @ApiPropertyOptional({ ...ID, description: 'The lot: the per-lot form. Absent (or null, blank): the invoice-level form.' })
  @ReadsAs((o, k, e) => idField(o, k, 'Lot id', e, false))
  lotID?: number | string | null;

  @ApiPropertyOptional({
    type: 'integer',
    description: "The invoice's version as last read; a stale one answers 409. Omitted: not checked.",
  })
  @ReadsAs((o, _k, e) => versionField(o, e))
  version?: number | string | null;

  @ApiPropertyOptional({ ...FLAG, description: "The lot's state as the screen saw it (checked, not used)." })
  @flag('Suppress')
  suppress?: boolean | string | number | null;

  @ApiPropertyOptional({ ...FLAG, description: "The lot's state as the screen saw it (checked, not used)." })
  @flag('Restricted')
  restricted?: boolean | string | number | null;

  @ApiPropertyOptional({ ...FLAG, description: "The lot's state as the screen saw it (checked, not used)." })
  @flag('Paid')
  paid?: boolean | string | number | null;

  @ApiPropertyOptional({ ...FLAG, description: "The lot's state as the screen saw it (checked, not used)." })
  @flag('Additional charge')
  additionalCharge?: boolean | string | number | null;

  @ApiPropertyOptional({ ...FLAG, description: 'The last form of a save: the answer carries the totals strip.' })
  @flag('Is last invoice')
  isLastInvoice?: boolean | string | number | null;

  @ApiPropertyOptional({ ...AMOUNT, description: 'At most two decimals, 0 or more ("$1,234.50" accepted; blank or null is 0).' })
  @amount('tax')
  tax?: number | string | null;

  @ApiPropertyOptional({ ...AMOUNT, description: 'At most two decimals, 0 or more.' })
  @amount('shipping')
  shipping?: number | string | null;

  @ApiPropertyOptional({ ...AMOUNT, description: 'At most two decimals, 0 or more.' })
  @amount('insurance')
  insurance?: number | string | null;

  @ApiPropertyOptional({ ...AMOUNT, description: 'At most two decimals; may be negative (a credit).' })
  @amount('other')
  other?: number | string | null;
}
