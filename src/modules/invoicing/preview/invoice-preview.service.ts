import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { dateIn, type InvoicePreview, type PreviewMessage } from '@ar/rules';
import { GeoService } from '../../houses/geo/geo.service';
import { HousesService } from '../../houses/houses.service';
import { LocationsService } from '../../houses/locations/locations.service';
import { InvoiceDetailsService } from '../invoices/invoice-details.service';
import { binSaleSettingsOfGroupSql, cardIdsOf } from '../groups/bin-sale-of-group.sql';
import { InvoicesError } from '../invoices/invoices.errors';
import { formatUsDate } from '../math/statuses';
import { houseAddress, invoicePreview, PreviewContext, PreviewTemplate } from './invoice-preview.view';

/**
 * The group's template with its messages, in one query (parameters: group, house). A group of a
 * buy-now sale's sessions (`binSaleSettingsOfGroupSql`) takes its email settings (subject, Reply To, BCC) from the sale's bin
 * step 1 once they are saved, and offers the cards ticked there once saved
 * (docs/decisions/bin-wizard.md); a group mixing in live or timed sessions keeps the template's
 * email and the house's cards.
 */
const TEMPLATE_SQL = `select case when b.has_email then b.subject else t.subject end as subject,
          case when b.has_email then coalesce(b.from_name, t.from_name) else t.from_name end as from_name,
          case when b.has_email then coalesce(b.from_email, t.from_email) else t.from_email end as from_email,
          case when b.has_email then b.bcc_email else t.bcc_email end as bcc_email,
          b.payment_method_ids as card_ids,
          t.house_address_id, t.charges_per_lot, t.pay_pal, t.pay_pal_email,
          coalesce((select json_agg(json_build_object('header', m.header, 'detail', m.detail, 'sequence', m.sequence) order by m.sequence)
                      from template_message m where m.template_id = t.id), '[]'::json) as messages
     from invoice_group g
     join invoice_template t on t.id = g.template_id and t.house_id = g.house_id
     left join lateral (
       select s.subject, s.from_name, s.from_email, s.bcc_email, s.payment_method_ids,
              (s.subject is not null and s.subject <> '') as has_email
         from (${binSaleSettingsOfGroupSql('g.id', 'g.house_id')}) s) b on true
    where g.id = ? and g.house_id = ?`;

/**
 * `invoicePreview` (spec 000 sections 2, 3, 7): the invoices as the bidder sees them. Built from the
 * read model (`InvoiceDetailsService.invoicesOfGroup`: the invoices, their lines, sessions and
 * additional charges, one query per table whatever the selection), the group's template (one query)
 * and the house with its location; the mapping is `invoice-preview.view.ts`.
 */
@Injectable()
export class InvoicePreviewService {
  constructor(
    private readonly em: EntityManager,
    private readonly details: InvoiceDetailsService,
    private readonly houses: HousesService,
    private readonly locations: LocationsService,
    private readonly geo: GeoService,
  ) {}

  /**
   * One preview per invoice of the group, in the order asked, each once. Ids of other groups or
   * houses are ignored; an unknown group (or another house's) is the group details' 404.
   */
  async previews(houseId: number, groupId: number, invoiceIds: readonly number[]): Promise<InvoicePreview[]> {
    const ids = [...new Set(invoiceIds)];
    const [views, template, house] = await Promise.all([
      this.details.invoicesOfGroup(houseId, groupId, ids),
      this.template(houseId, groupId),
      this.houses.getById(houseId),
    ]);
    if (!template) throw InvoicesError.groupNotFound();
    if (!views.length) return [];
    // The template's location (a deleted one is no longer printed), else the house's primary location.
    const location =
      (template.houseAddressId !== null ? await this.locations.findForHouse(houseId, template.houseAddressId) : null) ??
      (await this.locations.primaryOf(houseId));
    const ctx: PreviewContext = {
      house: houseAddress(house.name, house.phone ?? null, location),
      template,
      payments: {
        processorType: house.processorType ?? null,
        paymentProcessingEnabled: house.paymentProcessingEnabled,
        countryCode: house.countryCode,
      },
      today: formatUsDate(dateIn(new Date(), house.timeZone)),
      countryName: (code) => this.geo.countryName(code),
    };
    const byId = new Map(views.map((v) => [v.invoiceID, v]));
    return ids.flatMap((id) => {
      const v = byId.get(id);
      return v ? [invoicePreview(v, ctx)] : [];
    });
  }

  private async template(houseId: number, groupId: number): Promise<(PreviewTemplate & { houseAddressId: number | null }) | null> {
    const r = (await this.em.getConnection().execute(TEMPLATE_SQL, [groupId, houseId]))[0];
    if (!r) return null;
    const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const messages = json<PreviewMessage[]>(r.messages);
    return {
      subject: r.subject,
      fromName: r.from_name,
      fromEmail: r.from_email,
      bccEmail: r.bcc_email ?? null,
      houseAddressId: r.house_address_id ?? null,
      chargesPerLot: r.charges_per_lot,
      payPal: r.pay_pal,
      payPalEmail: r.pay_pal_email ?? null,
      messages,
      cardIds: cardIdsOf(r.card_ids),
    };
  }
}
