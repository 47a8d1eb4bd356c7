import { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileStorage } from '../../../core/storage/file-storage';
import { UrlSigner } from '../../../core/storage/signed-url';
import type { HousesService } from '../../houses/houses.service';
import { buildInvoicePreview, lots } from '../../../../packages/rules/src/invoice-preview.fixture';
import type { InvoicePreviewService } from '../preview/invoice-preview.service';
import { INVOICE_PDF_BATCH, InvoicePdfService } from './invoice-pdf.service';

/** The batch loop alone: previews and the database are stand-ins (the e2e runs the real ones). */
describe('InvoicePdfService.writeGroupPdf', () => {
  jest.setTimeout(30_000);

  it(`reads and draws ${INVOICE_PDF_BATCH} invoices at a time, reporting each batch once drawn, before reading the next`, async () => {
    const events: string[] = [];
    const previews = {
      previews: jest.fn(async (_h: number, _g: number, ids: number[]) => {
        events.push(`read ${ids.length}`);
        return ids.map((id) => buildInvoicePreview({ invoiceID: id, invoiceNumber: 1000 + id, items: lots(1) }));
      }),
    };
    const service = new InvoicePdfService(
      {} as EntityManager,
      previews as unknown as InvoicePreviewService,
      {} as HousesService,
      new UrlSigner('s'),
      {} as FileStorage,
    );
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    jest.spyOn(service, 'batchIds').mockResolvedValue(ids);
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    });

    const count = await service.writeGroupPdf(1, 2, [], sink, (done, total) => void events.push(`${done}/${total}`));

    expect(count).toBe(120);
    expect(bytes).toBeGreaterThan(0);
    expect(events).toEqual(['0/120', 'read 50', '50/120', 'read 50', '100/120', 'read 20', '120/120']);
    expect(previews.previews.mock.calls.map((c) => c[2])).toEqual([ids.slice(0, 50), ids.slice(50, 100), ids.slice(100)]);
  });
});
