import { writeFileSync } from 'node:fs';
import { readPdfText } from '../../invoicing/documents/pdf-text.testing';
import type { SettlementDetailView, SettlementLineView } from '../settlements/settlement-view';
import { buildStatementDocument, consignorLines, statementMailText, type StatementContext } from './statement-document';
import { renderStatementPdf } from './statement-pdf';

const line = (n: number, over: Partial<SettlementLineView> = {}): SettlementLineView => ({
  id: n,
  lotId: 100 + n,
  catalogId: 1,
  lotNumber: String(n),
  lotExt: null,
  title: `Lot ${n}`,
  state: 'sold',
  heldReason: null,
  hammerCents: 125_000,
  commissionCents: 17_500,
  buyInFeeCents: 0,
  photographyFeeCents: 1_500,
  insuranceFeeCents: 250,
  lottingFeeCents: 500,
  feesCents: 2_250,
  taxCents: 1_553,
  netCents: 103_697,
  override: null,
  ...over,
});

/** docs/settlements.md's worked statement, with 1,000.00 paid by check. */
function settlement(over: Partial<SettlementDetailView> = {}): SettlementDetailView {
  return {
    id: 12,
    consignorId: 3,
    consignorName: 'Alice Arden',
    saleId: 7,
    saleName: 'Autumn Fine Art',
    periodFrom: null,
    periodTo: null,
    status: 'ready',
    currencyCode: 'USD',
    settlementBasis: 'paid',
    commissionPlanId: 1,
    lotCount: 6,
    heldCount: 1,
    hammerCents: 333_000,
    commissionCents: 44_000,
    buyInFeeCents: 3_000,
    feesCents: 11_250,
    taxCents: 4_171,
    expensesCents: 12_000,
    advancesCents: 50_000,
    netDueCents: 208_579,
    paidCents: 100_000,
    balanceCents: 108_579,
    version: 3,
    createdAt: '2025-11-01T10:00:00.000Z',
    readyAt: '2025-11-01T10:00:00.000Z',
    paidAt: null,
    lines: [
      line(1),
      line(2, { hammerCents: 8_000, commissionCents: 2_500, taxCents: 222, netCents: 3_028 }),
      line(3, { state: 'unsold', hammerCents: 0, commissionCents: 0, buyInFeeCents: 3_000, taxCents: 266, netCents: -5_516 }),
      line(4, {
        hammerCents: 200_000,
        commissionCents: 24_000,
        taxCents: 2_130,
        netCents: 171_620,
        override: { rate: 12_000, commissionCents: null },
      }),
      line(5, { state: 'passed', hammerCents: 0, commissionCents: 0, taxCents: 0, netCents: -2_250 }),
      line(6, {
        state: 'held',
        heldReason: 'Held: the buyer has not paid yet.',
        hammerCents: 0,
        commissionCents: 0,
        feesCents: 0,
        taxCents: 0,
        netCents: 0,
      }),
    ],
    adjustments: [
      {
        id: 1,
        kind: 'expense',
        amountCents: 12_000,
        note: 'Restoration',
        createdByUserId: 1,
        createdByName: 'owner',
        createdAt: '2025-11-01T10:00:00.000Z',
      },
      {
        id: 2,
        kind: 'advance',
        amountCents: 50_000,
        note: 'Advance',
        createdByUserId: 1,
        createdByName: 'owner',
        createdAt: '2025-11-01T10:00:00.000Z',
      },
    ],
    payouts: [
      {
        id: 1,
        kind: 'payout',
        method: 'check',
        reference: 'CHK-1001',
        paidDate: '2025-11-03',
        amountCents: 100_000,
        note: null,
        createdByUserId: 1,
        createdByName: 'owner',
        createdAt: '2025-11-03T10:00:00.000Z',
      },
    ],
    history: [],
    ...over,
  };
}

const ctx: StatementContext = {
  letterhead: { name: 'Harbor & Vine Auctioneers', lines: ['12 Wharf Road', 'Portland, ME 04101', '207-555-0100'] },
  consignor: {
    name: 'Alice Arden',
    company: 'Arden Estates',
    street1: '1 Elm St',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    taxId: '12-345',
  },
  currencySymbol: '$',
  today: '11/05/2025',
};

describe('buildStatementDocument', () => {
  it('prints the stored cents once each: lines, adjustments, totals, payouts', () => {
    const d = buildStatementDocument(settlement(), ctx);
    expect(d.title).toBe('Statement S-12');
    expect(d.fileName).toBe('Statement-S-12.pdf');
    expect(d.meta.map((m) => [m.label, m.value])).toEqual([
      ['Statement #', 'S-12'],
      ['Date', '11/05/2025'],
      ['Sale', 'Autumn Fine Art'],
      ['Status', 'Ready'],
    ]);
    expect(d.lines.columns.map((c) => c.header)).toEqual([
      'Lot',
      'Title',
      'Result',
      'Hammer',
      'Commission',
      'Buy-in fee',
      'Fees',
      'Tax',
      'Net',
    ]);
    expect(d.lines.rows[2]).toEqual(['3', 'Lot 3', 'Unsold (bought in)', '$0.00', '$0.00', '$30.00', '$22.50', '$2.66', '-$55.16']);
    expect(d.lines.rows[5][1]).toBe('Lot 6\nHeld: the buyer has not paid yet.');
    // A lot's agreed commission (override) is named under its title; a plain line has the title alone.
    expect(d.lines.rows[3][1]).toBe('Lot 4\nCommission agreed: 12 %');
    expect(d.lines.rows[0][1]).toBe('Lot 1');
    const fixed = buildStatementDocument(settlement({ lines: [line(1, { override: { rate: null, commissionCents: 5_000 } })] }), ctx);
    expect(fixed.lines.rows[0][1]).toBe('Lot 1\nCommission agreed: $50.00');
    expect(d.adjustments?.rows).toEqual([
      ['Expense', 'Restoration', '-$120.00'],
      ['Advance', 'Advance', '-$500.00'],
    ]);
    expect(d.totals.map((t) => `${t.label} ${t.value}`)).toEqual([
      'Hammer total $3,330.00',
      'Commission -$440.00',
      'Buy-in fees -$30.00',
      'Lot fees -$112.50',
      'Tax on commission -$41.71',
      'Expenses -$120.00',
      'Advances -$500.00',
      'Net due to consignor $2,085.79',
      'Paid so far -$1,000.00',
      'Balance due $1,085.79',
    ]);
    expect(d.payouts?.rows).toEqual([['11/03/2025', 'Payout', 'Check', 'CHK-1001', '$1,000.00']]);
  });

  it('leaves out what is not there: buy-in column and totals, adjustments, payouts', () => {
    const d = buildStatementDocument(
      settlement({ lines: [line(1)], buyInFeeCents: 0, expensesCents: 0, advancesCents: 0, adjustments: [], payouts: [] }),
      ctx,
    );
    expect(d.lines.columns.map((c) => c.header)).not.toContain('Buy-in fee');
    expect(d.totals.map((t) => t.label)).not.toEqual(expect.arrayContaining(['Buy-in fees', 'Expenses', 'Advances']));
    expect(d.adjustments).toBeNull();
    expect(d.payouts).toBeNull();
  });

  it('names a date-range settlement by its period; a correction shows its note', () => {
    const d = buildStatementDocument(
      settlement({
        saleName: null,
        saleId: null,
        periodFrom: '2025-10-01',
        periodTo: '2025-10-31',
        payouts: [{ ...settlement().payouts[0], kind: 'correction', amountCents: -100_000, note: 'Check bounced' }],
      }),
      ctx,
    );
    expect(d.meta[2]).toEqual({ label: 'Sale', value: '10/01/2025 - 10/31/2025' });
    expect(d.payouts?.rows[0]).toEqual(['11/03/2025', 'Correction: Check bounced', 'Check', 'CHK-1001', '-$1,000.00']);
  });

  it("lists the consignor's address, contact and tax id", () => {
    expect(consignorLines({ ...ctx.consignor, email: 'a@example.com', phone: '555-0100', countryCode: 'US' })).toEqual([
      'Alice Arden',
      'Arden Estates',
      '1 Elm St',
      'Springfield, IL 62701',
      'US',
      'a@example.com',
      '555-0100',
      'Tax ID: 12-345',
    ]);
  });

  it("the mail's text names the statement, the net due and the balance", () => {
    const text = statementMailText(buildStatementDocument(settlement(), ctx));
    expect(text).toContain('Dear Alice Arden,');
    expect(text).toContain('your statement S-12 for Autumn Fine Art');
    expect(text).toContain('Net due to consignor: $2,085.79');
    expect(text).toContain('Balance due: $1,085.79');
  });
});

describe('renderStatementPdf', () => {
  jest.setTimeout(30_000);

  it('draws every line over several pages, the table header repeated, then the totals', async () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      line(i + 1, {
        title: i % 7 === 0 ? `A long title for lot ${i + 1}, a pair of Georgian silver candlesticks with snuffer and tray` : `Lot ${i + 1}`,
      }),
    );
    const pdf = await renderStatementPdf(buildStatementDocument(settlement({ lines: many }), ctx));
    if (process.env.STATEMENT_PDF_OUT) writeFileSync(process.env.STATEMENT_PDF_OUT, pdf);
    const { total, pages } = await readPdfText(pdf);
    expect(total).toBeGreaterThan(1);
    // Each page with lot rows starts with the table's header.
    for (const p of pages.filter((t) => t.includes('$1,036.97'))) expect(p).toContain('Hammer Commission');
    expect(pages[1]).toContain('Statement S-12 (continued)');
    const text = pages.join('\n').replace(/\s+/g, ' ');
    expect(text.match(/\$1,036\.97/g)).toHaveLength(80);
    expect(text).toContain('Net due to consignor $2,085.79');
    expect(text).toContain('Harbor & Vine Auctioneers');
  });
});
