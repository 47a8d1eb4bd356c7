import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { isRecord } from '../core/edit-input';
import { ReadsAs } from '../core/edit-input.validators';
import { checkChannelHeader, FLOOR_TEXT } from './floor-edit.rules';

/*
 * The body of `PATCH /app/house/{houseRef}/invoice/{id}` (spec 000 §7): a JSON:API envelope
 * `{ data: { type: "invoice", id, attributes: { invoiceDetails: [...], version? } }, channel? }`.
 * Declared so the call takes only `data` and `channel` (anything else is UNKNOWN_FIELDS) and both
 * answer the rules' words; the envelope inside `data` (its type, the id matching the URL, the lines
 * keyed `data.attributes.invoiceDetails[0].hammer`) stays with parseFloorEdit (floor-edit.rules.ts).
 */
export class FloorEditDto {
  @ApiProperty({
    description:
      '{ type: "invoice", id: the invoice of the URL, attributes: { invoiceDetails: [{ lotId, hammer?, buyersPremium?, liveFee? }], version? } }',
    type: 'object',
    additionalProperties: true,
  })
  @ReadsAs((o, k, e) => {
    if (!isRecord(o[k])) e.add(k, FLOOR_TEXT.data);
  })
  data!: Record<string, unknown>;

  @ApiPropertyOptional({ description: "When sent (here or as a header): 'Floor'" })
  @ReadsAs((o, k, e) => {
    try {
      checkChannelHeader(o[k]);
    } catch {
      e.add(k, FLOOR_TEXT.channelHeader);
    }
  })
  channel?: string | null;
}
