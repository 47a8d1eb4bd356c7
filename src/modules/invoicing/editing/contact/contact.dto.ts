import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * Bodies of the contact calls. Fields are whitelisted here and read by contact.rules.ts, which
 * answers one message per field; any other field is refused by the global ValidationPipe.
 */
export class ContactDto {
  @ApiPropertyOptional({ type: String, description: 'Required, at most 200 characters (one line).' })
  @Allow()
  subject?: unknown;

  @ApiPropertyOptional({ type: String, description: 'Required, at most 10000 characters.' })
  @Allow()
  message?: unknown;

  @ApiPropertyOptional({ type: Number, description: "The bidder: the invoice's memberID. Required." })
  @Allow()
  bidderID?: unknown;

  @ApiPropertyOptional({
    type: Number,
    description: "The invoice the message is about (must be the bidder's). Without it: the bidder's latest invoice.",
  })
  @Allow()
  invoiceID?: unknown;

  @ApiPropertyOptional({ type: String, description: "The sender's userRef (legacy); if sent it must be the signed-in user's." })
  @Allow()
  houseUserRef?: unknown;

  @ApiPropertyOptional({
    type: Number,
    description:
      "The invoice's version as last read (like every invoice write); a stale one answers 409 STALE_VERSION. Omitted: not checked.",
  })
  @Allow()
  version?: unknown;
}

export class BulkContactDto {
  @ApiPropertyOptional({ type: [Number], description: 'Invoices of the group (1 to 1000).' })
  @Allow()
  invoiceIDs?: unknown;

  @ApiPropertyOptional({ type: String })
  @Allow()
  subject?: unknown;

  @ApiPropertyOptional({ type: String })
  @Allow()
  message?: unknown;
}

export class BulkNoteDto {
  @ApiPropertyOptional({ type: [Number], description: 'Invoices of the group (1 to 1000).' })
  @Allow()
  invoiceIDs?: unknown;

  @ApiPropertyOptional({ type: String, description: 'Required, at most 2000 characters; appended to each internal note.' })
  @Allow()
  notes?: unknown;
}
