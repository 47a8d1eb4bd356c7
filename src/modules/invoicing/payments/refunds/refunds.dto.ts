import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { REFUND_REASON_MAX } from '@ar/rules';

/*
 * The bodies of the refund and void calls. Declared here for the API document; read by
 * refunds.rules.ts (`parseRefundBody`, `parseVoidBody`), which gives each field its own message.
 */

export class RefundDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Cents to refund: more than 0, at most what is left to refund of the payment.' })
  @Allow()
  amountCents!: number;

  @ApiProperty({
    type: 'string',
    maxLength: REFUND_REASON_MAX,
    description: 'Why (required; shown in the payments panel and the audit trail).',
  })
  @Allow()
  reason!: string;

  @ApiPropertyOptional({
    type: 'string',
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description:
      "The client's id of this refund request (one per opened Refund dialog): the same id again answers the first refund instead of refunding twice.",
  })
  @Allow()
  requestId?: string;
}

export class VoidPaymentDto {
  @ApiProperty({ type: 'string', maxLength: REFUND_REASON_MAX, description: 'Why the offline payment is voided (required).' })
  @Allow()
  reason!: string;
}
