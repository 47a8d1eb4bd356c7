/**
 * Consignor statements (issue 17): the settlement's PDF for preview, and the statement mailed to
 * the consignor through the outbox with the PDF attached. The PDF is stored first (FileStorage),
 * then the outbox row names it; the mail worker reads it at each delivery attempt.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { dateIn } from '@ar/rules';
import { APP_CONFIG } from '../../../core/config/config.module';
import { AppConfig } from '../../../core/config/app-config';
import { MailService } from '../../../core/mail/mail.service';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';
import { HousesService } from '../../houses/houses.service';
import { LocationsService } from '../../houses/locations/locations.service';
import { currencySymbol } from '../../invoicing/invoices/money-json';
import { formatUsDate } from '../../invoicing/math/statuses';
import { houseAddress } from '../../invoicing/preview/invoice-preview.view';
import { ConsignorsService } from '../consignors/consignors.service';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { SettlementsService } from '../settlements/settlements.service';
import { buildStatementDocument, statementMailText, type StatementDocument } from './statement-document';
import { renderStatementPdf } from './statement-pdf';

export const STATEMENT_MAIL_KIND = 'settlement.statement';

export interface StatementSent {
  mailId: number;
  to: string;
  fileName: string;
}

/** The address part of `Name <address>` (or the whole text). */
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
/** `"Name" <address>`, the name quoted (quotes and backslashes escaped, line breaks dropped). */
const named = (name: string, address: string) => {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  return clean ? `"${clean.replace(/(["\\])/g, '\\$1')}" <${address}>` : address;
};

@Injectable()
export class StatementsService {
  constructor(
    private readonly settlements: SettlementsService,
    private readonly consignors: ConsignorsService,
    private readonly houses: HousesService,
    private readonly locations: LocationsService,
    private readonly mail: MailService,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The statement of a settlement of the house (another house's: 404). */
  async document(houseId: number, id: number): Promise<{ doc: StatementDocument; email: string | null }> {
    const s = await this.settlements.get(houseId, id);
    const [consignor, house, location] = await Promise.all([
      this.consignors.find(houseId, s.consignorId),
      this.houses.getById(houseId),
      this.locations.primaryOf(houseId),
    ]);
    const address = houseAddress(house.name, house.phone ?? null, location);
    const letterhead = {
      name: address.name,
      lines: [address.company, ...address.lines, address.phone, address.email].filter((l): l is string => !!l && l.trim() !== ''),
    };
    const doc = buildStatementDocument(s, {
      letterhead,
      consignor,
      currencySymbol: currencySymbol(s.currencyCode),
      today: formatUsDate(dateIn(new Date(), house.timeZone)),
    });
    return { doc, email: consignor.email?.trim() || null };
  }

  async pdf(houseId: number, id: number): Promise<{ fileName: string; pdf: Buffer }> {
    const { doc } = await this.document(houseId, id);
    return { fileName: doc.fileName, pdf: await renderStatementPdf(doc) };
  }

  /** Mails the statement to the consignor's email, the PDF attached; refused (409) without an email. */
  async send(houseId: number, id: number): Promise<StatementSent> {
    const { doc, email } = await this.document(houseId, id);
    if (!email) throw new SettlementsError(SettlementsErrorCode.NO_EMAIL, SETTLEMENT_TEXT.noEmail);
    const pdf = await renderStatementPdf(doc);
    // A key of its own per send: a second send is a second mail, never a file the first one reads.
    const storageKey = `statements/${houseId}/${id}-${randomUUID()}.pdf`;
    await this.files.put(storageKey, pdf, 'application/pdf');
    const mailId = await this.mail.queue({
      houseId,
      kind: STATEMENT_MAIL_KIND,
      to: email,
      from: named(doc.letterhead.name, addressOf(this.config.mailFrom)),
      subject: `${doc.title} from ${doc.letterhead.name}`,
      text: statementMailText(doc),
      attachments: [{ filename: doc.fileName, contentType: 'application/pdf', storageKey }],
    });
    return { mailId, to: email, fileName: doc.fileName };
  }
}
