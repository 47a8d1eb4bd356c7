import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * `POST invoiceGroup` (spec 000 §7): `{ catalogRefs, groupTitle, invoiceSettingsID }`. The three
 * fields are whitelisted here and checked by the service's rules (invoice-group-rules.ts), which
 * answer one message per field; any other field is refused by the global ValidationPipe.
 */
export class CreateInvoiceGroupDto {
  @ApiProperty({ type: [String], description: 'catalogRef of every session of the group (at least one)' })
  @Allow()
  catalogRefs?: unknown;

  @ApiProperty({ type: String, description: "The group's name; over 50 characters it is cut to 50 with '...' appended" })
  @Allow()
  groupTitle?: unknown;

  @ApiProperty({ type: Number, description: 'The invoice template (invoice setting) id' })
  @Allow()
  invoiceSettingsID?: unknown;
}
