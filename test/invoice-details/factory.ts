/**
 * A small factory of invoiced groups for the invoice read calls' tests and benchmark: a sale with
 * its sessions, bidders and sold lots, an invoice template, an invoice group, and one invoice per
 * winning bidder whose lines and stored totals come from the invoice arithmetic (computeLotLine,
 * invoiceTotals), exactly as stored by the real creation job. Set-based inserts throughout, so a
 * group of 5,000 lots and 1,000 invoices builds in about a second.
 *
 * It writes other modules' tables directly, as test fixtures and the demo data do. It imports
 * nothing from jest, so the benchmark (built without the test folder) can use it too.
 */
import { EntityManager } from '@mikro-orm/postgresql';
import type { Cents, RateMilli } from '../../src/core/money/money';
import { bulkInsert } from '../../src/core/database/bulk-insert';
import { Approval } from '../../src/modules/bidders/approval.entity';
import { COMPANY_ID_OF, Member, Platform } from '../../src/modules/bidders/member.entity';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from '../../src/modules/catalogs/buyers-premium-step.entity';
import { Catalog, SaleType } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { InvoiceGroup } from '../../src/modules/invoicing/groups/invoice-group.entity';
import { Invoice } from '../../src/modules/invoicing/invoices/invoice.entity';
import { InvoiceLine } from '../../src/modules/invoicing/invoices/invoice-line.entity';
import {
  computeLotLine,
  invoiceTotals,
  StaticUsStateTaxRates,
  type ChargeAmounts,
  type ChargeRow,
  type InvoiceTotals,
  type LineOverrides,
  type LotLine,
  type Payment,
  type PremiumStep,
  type ProcessorType,
  type StaffLineCharges,
} from '../../src/modules/invoicing/math';
import { dateIn } from '@ar/rules';
import { InvoiceTemplate } from '../../src/modules/invoicing/templates/invoice-template.entity';
import { TemplateFeeRow } from '../../src/modules/invoicing/templates/template-fee-row.entity';
import { TemplateTaxRow } from '../../src/modules/invoicing/templates/template-tax-row.entity';
import { Lot } from '../../src/modules/lots/lot.entity';

export interface FactorySession {
  title?: string;
  /** ISO timestamp. */
  eventDate: string;
  timeZone?: string;
  saleType?: SaleType;
}

export interface FactoryBidder {
  firstName: string;
  lastName: string;
  email?: string | null;
  companyName?: string | null;
  /** The approval's channel and the member's platform. Default INV. */
  platform?: Platform;
  /** 0: no paddle. */
  paddle?: number;
  countryCode?: string | null;
  stateCode?: string | null;
  province?: string | null;
  city?: string | null;
}

export interface FactoryLot {
  /** Index into `sessions` (default 0). */
  session?: number;
  /** Index into `bidders`: the winner. */
  bidder: number;
  hammer: Cents;
  /** Default: the next number in its session. */
  lotNumber?: string;
  lotExt?: string;
  title?: string;
  restricted?: boolean;
  hidden?: boolean;
  /** YYYY-MM-DD: marks the line paid. */
  paidDate?: string;
  paymentMethodId?: number;
  amountPaid?: Cents;
  /** YYYY-MM-DD: marks the line shipped. */
  shippedDate?: string;
  onlinePaymentStat?: string;
  disputeRef?: string;
  staff?: StaffLineCharges;
  overrides?: LineOverrides;
  /** Leave the line's lot reference empty (a line built before it was copied). */
  withoutLotRef?: boolean;
}

/** The state of one bidder's invoice. */
export interface FactoryInvoiceState {
  sentAt?: Date;
  allPaid?: boolean;
  paidDate?: string;
  paymentMethodId?: number;
  onlinePaymentStat?: string;
  payments?: Payment[];
  pickup?: boolean;
  notes?: string;
  charges?: ChargeAmounts;
  editedAfterSend?: boolean;
}

export interface FactoryGroupSpec {
  houseId: number;
  title?: string;
  currencyCode?: string;
  /** The house's processor type for sales tax (default: the house's own). */
  processorType?: ProcessorType | null;
  sessions: FactorySession[];
  premiumSteps?: PremiumStep[];
  liveFeeRate?: RateMilli;
  taxRows?: ChargeRow[];
  feeRows?: ChargeRow[];
  bidders: FactoryBidder[];
  lots: FactoryLot[];
  /** By bidder index. */
  invoices?: Record<number, FactoryInvoiceState>;
  invoiceCreated?: boolean;
  applyCostPerLot?: boolean;
}

export interface FactoryGroup {
  groupId: number;
  templateId: number;
  auctionGroupId: number;
  catalogIds: number[];
  catalogRefs: string[];
  memberIds: number[];
  approvalIds: number[];
  lotIds: number[];
  lotRefs: string[];
  /** By lot index. */
  lineIds: number[];
  /** By lot index: the computed line. */
  lines: LotLine[];
  /** By bidder index (undefined for a bidder who won nothing). */
  invoiceIds: (number | undefined)[];
  invoiceNumbers: (number | undefined)[];
  /** By bidder index: what invoiceTotals computed and the invoice stores. */
  totals: (InvoiceTotals | undefined)[];
}

export const DEFAULT_STEPS: PremiumStep[] = [
  { fromCents: 0, toCents: 100_000, rate: 25_000 },
  { fromCents: 100_000, toCents: null, rate: 20_000 },
];

const stateRates = new StaticUsStateTaxRates();

export async function createInvoicedGroup(em: EntityManager, spec: FactoryGroupSpec): Promise<FactoryGroup> {
  const conn = em.getConnection();
  const house = (await conn.execute('select processor_type from house where id = ?', [spec.houseId]))[0] as
    { processor_type: ProcessorType | null } | undefined;
  if (!house) throw new Error(`No house ${spec.houseId}`);
  const processorType = spec.processorType === undefined ? house.processor_type : spec.processorType;
  const currencyCode = spec.currencyCode ?? 'USD';
  const steps = spec.premiumSteps ?? DEFAULT_STEPS;
  const liveFeeRate = spec.liveFeeRate ?? 3000;
  const taxRows = spec.taxRows ?? [];
  const feeRows = spec.feeRows ?? [];
  const h = spec.houseId as never;

  return em.transactional(async (tx) => {
    const insert = <T extends object>(entity: new () => T, rows: Partial<Record<keyof T, unknown>>[]) => bulkInsert(tx, entity, rows);

    const [templateId] = await insert(InvoiceTemplate, [
      {
        house: h,
        groupName: `Template ${newRef('T')}`,
        subject: 'Your invoice',
        fromName: 'Accounts',
        fromEmail: 'accounts@example.com',
        chargesPerLot: !(spec.applyCostPerLot ?? false),
      },
    ]);
    await insert(
      TemplateTaxRow,
      taxRows.map((r, sequence) => ({
        house: h,
        template: templateId as never,
        sequence,
        name: r.name,
        rate: r.rate,
        countryCode: r.countryCode,
        stateCode: r.stateCode ?? null,
        onHammer: r.onHammer,
        onLiveFee: r.onLiveFee,
        onPremium: r.onPremium,
      })),
    );
    await insert(
      TemplateFeeRow,
      feeRows.map((r, sequence) => ({
        house: h,
        template: templateId as never,
        sequence,
        name: r.name,
        rate: r.rate,
        countryCode: r.countryCode,
        stateCode: r.stateCode ?? null,
        onHammer: r.onHammer,
        onLiveFee: r.onLiveFee,
        onPremium: r.onPremium,
      })),
    );

    const [auctionGroupId] = await insert(AuctionGroup, [{ house: h, groupName: spec.title ?? 'Factory sale', currencyCode, liveFeeRate }]);
    await insert(
      BuyersPremiumStep,
      steps.map((s) => ({ group: auctionGroupId as never, fromCents: s.fromCents, toCents: s.toCents ?? undefined, rate: s.rate })),
    );

    const catalogRefs = spec.sessions.map(() => newRef('C'));
    const catalogIds = await insert(
      Catalog,
      spec.sessions.map((s, i) => ({
        house: h,
        group: auctionGroupId as never,
        catalogRef: catalogRefs[i],
        title: s.title ?? `Session ${i + 1}`,
        saleType: s.saleType ?? 'live',
        eventDate: new Date(s.eventDate),
        timeZone: s.timeZone ?? 'America/New_York',
        currencyCode,
        published: true,
      })),
    );

    const memberIds = await insert(
      Member,
      spec.bidders.map((b, i) => ({
        house: h,
        memberRef: newRef('M'),
        firstName: b.firstName,
        lastName: b.lastName,
        email: b.email === undefined ? `bidder${i}.${newRef('e').toLowerCase()}@example.com` : b.email,
        companyName: b.companyName ?? undefined,
        city: b.city === undefined ? 'Albany' : b.city,
        stateCode: b.stateCode === undefined ? 'NY' : b.stateCode,
        province: b.province ?? undefined,
        countryCode: b.countryCode === undefined ? 'US' : b.countryCode,
        platform: b.platform ?? 'INV',
        companyId: COMPANY_ID_OF[b.platform ?? 'INV'] ?? undefined,
      })),
    );
    const approvalIds = await insert(
      Approval,
      spec.bidders.map((b, i) => ({
        house: h,
        group: auctionGroupId as never,
        member: memberIds[i] as never,
        paddleNumber: b.paddle ?? 0,
        channel: b.platform ?? 'INV',
      })),
    );

    const nextNumber = spec.sessions.map(() => 0);
    const lotRefs = spec.lots.map(() => newRef('L'));
    const lotNumbers = spec.lots.map((l) => l.lotNumber ?? String(++nextNumber[l.session ?? 0]));
    const lotIds = await insert(
      Lot,
      spec.lots.map((l, i) => ({
        house: h,
        catalog: catalogIds[l.session ?? 0] as never,
        lotRef: lotRefs[i],
        lotNumber: lotNumbers[i],
        lotExt: l.lotExt,
        title: l.title ?? `Lot ${lotNumbers[i]}${l.lotExt ?? ''}`,
        description: 'Factory lot.',
        restricted: l.restricted ?? false,
        published: true,
        winningApproval: approvalIds[l.bidder] as never,
        hammerCents: l.hammer,
        resultChannel: spec.bidders[l.bidder].platform ?? 'INV',
        soldAt: new Date(spec.sessions[l.session ?? 0].eventDate),
      })),
    );

    const [groupId] = await insert(InvoiceGroup, [
      {
        house: h,
        title: (spec.title ?? 'Factory group').slice(0, 50),
        template: templateId as never,
        currencyCode,
        invoiceCreated: spec.invoiceCreated ?? true,
      },
    ]);
    const hasSessionDate =
      (
        await tx
          .getConnection()
          .execute(
            `select 1 from information_schema.columns where table_name = 'invoice_group_catalog' and column_name = 'session_date'`,
            [],
            'all',
            tx.getTransactionContext(),
          )
      ).length > 0;
    // A composite key (no id to return): a plain multi-row insert.
    if (catalogIds.length) {
      const query = tx
        .getKnex()
        .insert(
          catalogIds.map((c, i) => ({
            group_id: groupId,
            catalog_id: c,
            ...(hasSessionDate
              ? { session_date: dateIn(new Date(spec.sessions[i].eventDate), spec.sessions[i].timeZone ?? 'America/New_York') }
              : {}),
          })),
        )
        .into('invoice_group_catalog');
      const trx = tx.getTransactionContext();
      await (trx ? query.transacting(trx) : query);
    }

    // The lines, computed by the invoice arithmetic.
    const lines = spec.lots.map((l) => {
      const b = spec.bidders[l.bidder];
      return computeLotLine({
        hammer: l.hammer,
        channel: b.platform ?? 'INV',
        bidder: {
          countryCode: b.countryCode === undefined ? 'US' : b.countryCode,
          stateCode: b.stateCode === undefined ? 'NY' : b.stateCode,
          province: b.province,
        },
        group: { premiumSteps: steps, liveFeeRate },
        template: { taxRows, feeRows },
        processorType,
        taxRates: stateRates,
        staff: l.staff,
        overrides: l.overrides,
      });
    });

    // One invoice per winning bidder, numbered from the house's counter.
    const winners = [...new Set(spec.lots.map((l) => l.bidder))].sort((a, b) => a - b);
    const reserved = await tx.getConnection().execute(
      `insert into invoice_number_counter (house_id, last_number) values (?, ?)
         on conflict (house_id) do update set last_number = invoice_number_counter.last_number + excluded.last_number
       returning last_number`,
      [spec.houseId, winners.length],
      'all',
      tx.getTransactionContext(),
    );
    const firstNumber = Number(reserved[0].last_number) - winners.length + 1;
    const totals: (InvoiceTotals | undefined)[] = spec.bidders.map(() => undefined);
    const invoiceNumbers: (number | undefined)[] = spec.bidders.map(() => undefined);
    const invoiceRows = winners.map((bi, n) => {
      const b = spec.bidders[bi];
      const st = spec.invoices?.[bi] ?? {};
      const mine = spec.lots.map((l, i) => ({ l, i })).filter(({ l }) => l.bidder === bi);
      const t = invoiceTotals({
        lines: mine.map(({ l, i }) => ({ amounts: lines[i], hidden: l.hidden ?? false })),
        charges: st.charges,
        payments: st.payments,
      });
      totals[bi] = t;
      invoiceNumbers[bi] = firstNumber + n;
      const platform = b.platform ?? 'INV';
      return {
        house: h,
        group: groupId as never,
        invoiceNumber: firstNumber + n,
        approval: approvalIds[bi] as never,
        member: memberIds[bi] as never,
        firstName: b.firstName,
        lastName: b.lastName,
        email: b.email === undefined ? `bidder${bi}@example.com` : b.email,
        companyName: b.companyName ?? undefined,
        city: b.city === undefined ? 'Albany' : b.city,
        stateCode: b.stateCode === undefined ? 'NY' : b.stateCode,
        province: b.province ?? undefined,
        countryCode: b.countryCode === undefined ? 'US' : b.countryCode,
        paddleNumber: b.paddle ?? 0,
        channel: platform,
        companyId: COMPANY_ID_OF[platform] ?? undefined,
        currencyCode,
        applyCostPerLot: spec.applyCostPerLot ?? false,
        pickup: st.pickup ?? false,
        notes: st.notes,
        shippingCents: st.charges?.shipping ?? 0,
        insuranceCents: st.charges?.insurance ?? 0,
        otherCents: st.charges?.other ?? 0,
        taxCents: st.charges?.tax ?? 0,
        itemCount: t.itemCount,
        hammerTotalCents: t.hammer,
        premiumTotalCents: t.premium,
        liveFeeTotalCents: t.liveFee,
        taxTotalCents: t.tax,
        shippingTotalCents: t.shipping,
        insuranceTotalCents: t.insurance,
        otherTotalCents: t.other,
        invoiceTotalCents: t.total,
        paymentsMadeCents: t.paymentsMade,
        balanceCents: t.outstandingBalance,
        allPaid: st.allPaid ?? false,
        paidDate: st.paidDate,
        paymentMethodId: st.paymentMethodId,
        onlinePaymentStat: st.onlinePaymentStat,
        sentAt: st.sentAt,
        editedAfterSend: st.editedAfterSend ?? false,
        taxCalculationError: mine.some(({ i }) => lines[i].taxCalculationError),
      };
    });
    const ids = await insert(Invoice, invoiceRows);
    const invoiceIds: (number | undefined)[] = spec.bidders.map(() => undefined);
    winners.forEach((bi, n) => (invoiceIds[bi] = ids[n]));

    const lineIds = await insert(
      InvoiceLine,
      spec.lots.map((l, i) => {
        const c = lines[i];
        return {
          house: h,
          invoice: invoiceIds[l.bidder] as never,
          lot: lotIds[i] as never,
          catalog: catalogIds[l.session ?? 0] as never,
          lotRef: l.withoutLotRef ? undefined : lotRefs[i],
          lotNumber: lotNumbers[i],
          lotExt: l.lotExt,
          lotTitle: l.title ?? `Lot ${lotNumbers[i]}${l.lotExt ?? ''}`,
          restricted: l.restricted ?? false,
          hammerCents: c.hammer,
          premiumCents: c.premium,
          liveFeeCents: c.liveFee,
          taxCents: c.tax,
          taxEnteredCents: c.taxEntered,
          feesCents: c.feesTotal,
          feeLabels: c.fees.length ? JSON.stringify(c.fees) : undefined,
          shippingCents: c.shipping,
          insuranceCents: c.insurance,
          otherStaffCents: c.otherStaff,
          totalCents: c.total,
          hammerOverrideCents: l.overrides?.hammer ?? undefined,
          premiumOverrideCents: l.overrides?.premium ?? undefined,
          liveFeeOverrideCents: l.overrides?.liveFee ?? undefined,
          taxCalculationError: c.taxCalculationError,
          suppress: l.hidden ?? false,
          paid: !!l.paidDate,
          paidDate: l.paidDate,
          paymentMethodId: l.paymentMethodId,
          amountPaidCents: l.amountPaid ?? 0,
          onlinePaymentStat: l.onlinePaymentStat,
          shipped: !!l.shippedDate,
          shippedDate: l.shippedDate,
          disputeRef: l.disputeRef,
        };
      }),
    );

    return {
      groupId,
      templateId,
      auctionGroupId,
      catalogIds,
      catalogRefs,
      memberIds,
      approvalIds,
      lotIds,
      lotRefs,
      lineIds,
      lines,
      invoiceIds,
      invoiceNumbers,
      totals,
    };
  });
}
