import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * The bodies of the four mark calls (spec 000 §7). Fields are whitelisted here and read by
 * marks.rules.ts (`parseMarkRequest`), which answers one message per field for the single form and
 * for every mark of the batch form; any other top-level field is refused by the global ValidationPipe.
 */
class MarkDtoBase {
  @ApiPropertyOptional({ type: Number, description: 'The invoice (its invoiceID). Required in the single form.' })
  @Allow()
  invoiceID?: unknown;

  @ApiPropertyOptional({
    type: Number,
    description: 'The lot line (invoiceDetailID): required by the ByDetail calls, refused by the others (0 or null mean none).',
  })
  @Allow()
  invoiceDetailID?: unknown;

  @ApiPropertyOptional({
    type: Number,
    description: 'Paid marks: the payment method (GET invoiceGroup/{id}/payment-methods); required to mark paid. Ignored on shipped marks.',
  })
  @Allow()
  paymentMethodID?: unknown;

  @ApiPropertyOptional({
    type: Number,
    description: "The invoice's version as last read; a stale one answers 409 STALE_VERSION. Omitted: not checked.",
  })
  @Allow()
  version?: unknown;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description: 'The batch form: a list of single-form marks, applied all or nothing (at most 1000).',
  })
  @Allow()
  paidInvoices?: unknown;
}

export class PaidMarkDto extends MarkDtoBase {
  @ApiPropertyOptional({
    type: Boolean,
    description: 'true: mark paid; false: mark not paid (voids the offline payments the marks recorded).',
  })
  @Allow()
  paid?: unknown;

  @ApiPropertyOptional({
    type: String,
    example: '11/20/26',
    description: 'MM/DD/YY (MM/DD/YYYY accepted), not after today; required to mark paid.',
  })
  @Allow()
  paidDate?: unknown;
}

export class ShippedMarkDto extends MarkDtoBase {
  @ApiPropertyOptional({ type: Boolean, description: 'true: mark shipped (Picked Up on a pickup invoice); false: undo.' })
  @Allow()
  shipped?: unknown;

  @ApiPropertyOptional({
    type: String,
    example: '11/20/26',
    description: 'MM/DD/YY (MM/DD/YYYY accepted), not after today; required to mark shipped.',
  })
  @Allow()
  shippedDate?: unknown;
}
