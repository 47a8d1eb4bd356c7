/**
 * Contacting bidders (spec 000 §2: the Contact modal, "subject and message, sent through the mail
 * outbox to the bidder"; Bulk contact from the group details selection). A message goes to the
 * email address on the invoice (the bidder as invoiced), through the outbox (MailService.queue,
 * kind `invoice.contact`), with the group template's Reply to Email as reply-to, so the bidder's
 * answer reaches the house. Each invoice it is about gets an audit record (action `contact`)
 * through InvoiceMutations, without re-pricing.
 */
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../../core/auth/principal';
import { MailService } from '../../../../core/mail/mail.service';
import { HousesService } from '../../../houses/houses.service';
import { CONTACT_ERROR_TEXT, ContactError, ContactErrorCode } from './contact.errors';
import { BulkContactInput, ContactInput, contactMailText } from './contact.rules';
import { loadSelection, SelectedInvoice } from './contact-selection';
import { InvoiceMutations } from '../core/invoice-mutations.service';

const CONTACT_MAIL_KIND = 'invoice.contact';
const CONTACT_AUDIT_ACTION = 'contact';

type Actor = Pick<Principal, 'userId' | 'userName' | 'userRef'>;

export interface SentMail {
  /** The outbox row. */
  id: number;
  to: string;
  subject: string;
  memberID: number;
  invoiceIDs: number[];
}

export interface ContactResult {
  invoiceID: number;
  /** The invoice's new version (the audit record bumps it). */
  version: number;
  mail: SentMail;
}

export interface BulkContactResult {
  /** One per bidder. */
  mails: SentMail[];
  invoices: { invoiceID: number; version: number }[];
}

@Injectable()
export class InvoiceContactService {
  constructor(
    private readonly em: EntityManager,
    private readonly mutations: InvoiceMutations,
    private readonly mail: MailService,
    private readonly houses: HousesService,
  ) {}

  /** `POST invoiceMessage`: one message to one invoice's bidder. */
  async contact(houseId: number, actor: Actor, input: ContactInput): Promise<ContactResult> {
    checkSender(actor, input.houseUserRef);
    const target = await this.target(houseId, input);
    if (!target.email) throw new ContactError(ContactErrorCode.NO_EMAIL, CONTACT_ERROR_TEXT.noEmail);
    const houseName = (await this.houses.getById(houseId)).name;
    const { result: mail, version } = await this.mutations.mutate(
      { houseId, invoiceId: target.id, actor, action: CONTACT_AUDIT_ACTION, internal: true, expectedVersion: input.version },
      async (ctx) => {
        ctx.skipPricing();
        // Queued inside the audited change: a refusal (the invoice gone meanwhile) sends nothing.
        const sent = await this.send(
          houseId,
          { memberId: target.memberId, to: target.email!, invoices: [target] },
          input,
          houseName,
          target.replyTo,
        );
        ctx.audit('contact', null, { to: sent.to, subject: sent.subject, outboxId: sent.id });
        return sent;
      },
    );
    return { invoiceID: target.id, version, mail };
  }

  /**
   * Bulk contact: the same message to the bidders of the selected invoices of a group, one mail
   * per bidder (a bidder with two invoices in the selection gets one mail naming both). All or
   * nothing: an invoice outside the group or without an email refuses the whole request before
   * anything is sent. Every invoice is audited; the audits commit together.
   */
  async bulkContact(houseId: number, actor: Actor, groupId: number, input: BulkContactInput): Promise<BulkContactResult> {
    const selection = await loadSelection(this.em, houseId, groupId, input.invoiceIds);
    const noEmail = selection.invoices.filter((i) => !i.email);
    if (noEmail.length) {
      const text = CONTACT_ERROR_TEXT.noEmails(noEmail.map((i) => i.invoiceNumber));
      throw new ContactError(ContactErrorCode.NO_EMAIL, text, { invoiceIDs: text });
    }
    const bidders = new Map<number, { memberId: number; to: string; invoices: SelectedInvoice[] }>();
    for (const inv of selection.invoices) {
      const b = bidders.get(inv.memberId) ?? { memberId: inv.memberId, to: inv.email!, invoices: [] };
      b.invoices.push(inv);
      bidders.set(inv.memberId, b);
    }
    const houseName = (await this.houses.getById(houseId)).name;
    return this.em.transactional(async () => {
      // One set-based change for the selection (rows locked in id order: two bulk actions over the
      // same invoices queue, never deadlock); each audit record names the recipient and subject.
      const outcomes = await this.mutations.mutateMany(
        selection.invoices.map((inv) => ({ houseId, invoiceId: inv.id, actor, action: CONTACT_AUDIT_ACTION, internal: true })),
        (ctx, _target, i) => {
          ctx.skipPricing();
          ctx.audit('contact', null, { to: selection.invoices[i].email!, subject: input.subject });
          return Promise.resolve();
        },
      );
      const invoices = outcomes.map((o) => ({ invoiceID: o.invoiceId, version: o.version }));
      const mails: SentMail[] = [];
      for (const b of bidders.values()) mails.push(await this.send(houseId, b, input, houseName, selection.replyTo));
      return { mails, invoices };
    });
  }

  private async send(
    houseId: number,
    bidder: { memberId: number; to: string; invoices: Pick<SelectedInvoice, 'id' | 'invoiceNumber'>[] },
    input: { subject: string; message: string },
    houseName: string,
    replyTo: string | null,
  ): Promise<SentMail> {
    const id = await this.mail.queue({
      houseId,
      kind: CONTACT_MAIL_KIND,
      to: bidder.to,
      subject: input.subject,
      text: contactMailText(
        input.message,
        houseName,
        bidder.invoices.map((i) => i.invoiceNumber),
      ),
      replyTo: replyTo ?? undefined,
    });
    return { id, to: bidder.to, subject: input.subject, memberID: bidder.memberId, invoiceIDs: bidder.invoices.map((i) => i.id) };
  }

  /**
   * The invoice a message is about: `invoiceID` when given (it must be the bidder's), else the
   * bidder's latest invoice in the house. Another house's bidder or invoice is not found.
   */
  private async target(houseId: number, input: ContactInput) {
    const rows = await this.em.getConnection().execute(
      `select i.id, i.member_id, i.email, i.invoice_number, t.from_email
         from invoice i
         join invoice_group g on g.id = i.group_id and g.house_id = i.house_id
         join invoice_template t on t.id = g.template_id and t.house_id = g.house_id
        where i.house_id = ? and i.member_id = ? ${input.invoiceId === null ? '' : 'and i.id = ?'}
        order by i.id desc limit 1`,
      input.invoiceId === null ? [houseId, input.bidderId] : [houseId, input.bidderId, input.invoiceId],
    );
    const r = rows[0];
    if (!r) {
      throw input.invoiceId === null
        ? new ContactError(ContactErrorCode.BIDDER_NOT_FOUND, CONTACT_ERROR_TEXT.bidderNotFound)
        : new ContactError(ContactErrorCode.INVOICE_NOT_FOUND, CONTACT_ERROR_TEXT.invoiceNotFound);
    }
    return {
      id: Number(r.id),
      memberId: Number(r.member_id),
      email: (r.email as string | null)?.trim() || null,
      invoiceNumber: Number(r.invoice_number),
      replyTo: (r.from_email as string | null) || null,
    };
  }
}

/** houseUserRef is the legacy client's name for the sender: accepted only when it is the signed-in user. */
function checkSender(actor: Actor, houseUserRef: string | null): void {
  if (houseUserRef !== null && houseUserRef !== actor.userRef) {
    throw new ContactError(ContactErrorCode.HOUSE_USER_MISMATCH, CONTACT_ERROR_TEXT.userMismatch);
  }
}
