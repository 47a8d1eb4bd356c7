import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { IdParam } from '../../../../core/http/id-param';
import { groupNotFound } from '../../groups/invoice-group-rules';
import { BulkContactDto, BulkNoteDto, ContactDto } from './contact.dto';
import { parseBulkContact, parseBulkNote, parseContact } from './contact.rules';
import { InvoiceContactService } from './contact.service';
import { InvoiceBulkNotesService } from './contact-notes.service';

/** Contact (spec 000 §7 `POST invoiceMessage`), bulk contact and bulk add note (Invoice Group Details selection). */
@ApiTags('invoice editing')
@Controller('app/house/:houseRef')
export class InvoiceContactController {
  constructor(
    private readonly contacts: InvoiceContactService,
    private readonly notes: InvoiceBulkNotesService,
  ) {}

  @RequireAccess('accessInvoices')
  @Post('invoiceMessage')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sends a message to an invoice's bidder through the mail outbox (reply-to: the template's Reply to Email) and records it in the invoice's audit trail: " +
      '{ data: { success: true, invoiceID, version, mail: { id, to, subject, memberID, invoiceIDs } } }. 400 field errors, 403 houseUserRef of another user, 404 unknown bidder or invoice, 409 no email address.',
  })
  async message(@CurrentPrincipal() p: Principal, @Body() body: ContactDto) {
    return { data: { success: true, ...(await this.contacts.contact(p.houseId, p, parseContact(body))) } };
  }

  @RequireAccess('accessInvoices')
  @Post('invoiceGroup/:id/bulkContact')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The same message to the bidders of the selected invoices of the group, one mail per bidder, all or nothing: ' +
      '{ data: { success: true, mails: [{ id, to, subject, memberID, invoiceIDs }], invoices: [{ invoiceID, version }] } }. 404 unknown group or an id not of the group, 409 an invoice without email.',
  })
  async bulkContact(@CurrentPrincipal() p: Principal, @IdParam('id', groupNotFound) id: number, @Body() body: BulkContactDto) {
    const input = parseBulkContact(body);
    return { data: { success: true, ...(await this.contacts.bulkContact(p.houseId, p, id, input)) } };
  }

  @RequireAccess('accessInvoices')
  @Post('invoiceGroup/:id/bulkNote')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Appends the note to the internal note of each selected invoice of the group, all or nothing: { data: { success: true, invoices: [{ invoiceID, version, notes, changed }] } }. ' +
      '404 unknown group or an id not of the group.',
  })
  async bulkNote(@CurrentPrincipal() p: Principal, @IdParam('id', groupNotFound) id: number, @Body() body: BulkNoteDto) {
    const input = parseBulkNote(body);
    return { data: { success: true, ...(await this.notes.bulkNote(p.houseId, p, id, input)) } };
  }
}
