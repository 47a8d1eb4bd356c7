import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { MoneyReportId } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { ShellLoading } from '../../common/ShellLoading';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { BarChart, type ChartSeries } from './BarChart';
import {
  reportPath,
  type AgingView,
  type CollectionRow,
  type CollectionsView,
  type PayablesView,
  type Range,
  type RevenueView,
  everyDay,
} from './moneyReportsApi';
import { ReportTable } from './ReportTable';

const SYMBOL = '$';
const COLORS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828', '#00838f', '#5d4037'];

function useReport<T>(id: MoneyReportId, range: Range) {
  const dp = useAppDataProvider();
  return useQuery({ queryKey: ['money-reports', id, range.from, range.to], queryFn: () => dp.call<T>('GET', reportPath(id, range)) });
}

function Loaded<T>({ q, children }: { q: { data?: T; error: unknown; isError: boolean }; children: (d: T) => ReactNode }) {
  if (q.isError) return <ErrorAlert error={q.error} />;
  if (!q.data) return <ShellLoading />;
  return <>{children(q.data)}</>;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2">
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function AgingReport({ range }: { range: Range }) {
  const q = useReport<AgingView>('aging', range);
  return (
    <Loaded q={q}>
      {(d) => (
        <Section title={`Outstanding invoices aged at ${d.to}`} testId="report-aging">
          <TotalsStrip
            symbol={SYMBOL}
            testId="aging-buckets"
            items={[
              ...d.buckets.map((b) => ({ label: `${b.label} (${b.invoices})`, value: b.balanceCents, money: true })),
              { label: 'Outstanding', value: d.totalCents, money: true, testId: 'aging-total' },
            ]}
          />
          <BarChart
            title="Outstanding balance per age bucket"
            testId="aging-chart"
            series={[{ key: 'balance', label: 'Balance', color: COLORS[0] }]}
            bars={d.buckets.map((b) => ({ label: b.label, values: { balance: b.balanceCents } }))}
          />
          <ReportTable
            resource="report-aging"
            testId="aging-table"
            rows={d.rows}
            columns={[
              { label: 'Invoice', text: (r) => r.invoiceNumber },
              { label: 'Invoice Date', text: (r) => r.invoiceDate },
              { label: 'Age (days)', text: (r) => r.ageDays },
              { label: 'Buyer', text: (r) => r.buyer },
              { label: 'Invoice Group', text: (r) => r.group },
              { label: 'Invoice Total', money: (r) => r.totalCents },
              { label: 'Paid', money: (r) => r.paidCents },
              { label: 'Balance', money: (r) => r.balanceCents },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function CollectionsReport({ range }: { range: Range }) {
  const q = useReport<CollectionsView>('collections', range);
  return (
    <Loaded q={q}>
      {(d) => {
        const methods = [...new Set(d.rows.map((r) => r.method))].sort();
        const series: ChartSeries[] = methods.map((m, i) => ({ key: m, label: m, color: COLORS[i % COLORS.length] }));
        // Every day of the range, so quiet days show as gaps on the time axis.
        const days = new Map<string, Record<string, number>>(everyDay(range).map((day) => [day, {}]));
        for (const r of d.rows) days.set(r.day, { ...days.get(r.day), [r.method]: r.netCents });
        const rows = d.rows.map((r: CollectionRow) => ({ ...r, id: `${r.day}-${r.method}` }));
        return (
          <Section title="Collections by day and method" testId="report-collections">
            <TotalsStrip
              symbol={SYMBOL}
              testId="collections-totals"
              items={[
                { label: 'Collected', value: d.totals.collectedCents, money: true },
                { label: 'Refunded', value: d.totals.refundedCents, money: true },
                { label: 'Net', value: d.totals.netCents, money: true, testId: 'collections-net' },
                { label: 'Payments', value: d.totals.payments },
              ]}
            />
            <BarChart
              title="Net collected per day, by method"
              testId="collections-chart"
              series={series}
              bars={[...days].map(([day, values]) => ({ label: day.slice(5), values }))}
            />
            <ReportTable
              resource="report-collections"
              testId="collections-table"
              rows={rows}
              columns={[
                { label: 'Date', text: (r) => r.day },
                { label: 'Method', text: (r) => r.method },
                { label: 'Payments', text: (r) => r.payments },
                { label: 'Refunds', text: (r) => r.refunds },
                { label: 'Collected', money: (r) => r.collectedCents },
                { label: 'Refunded', money: (r) => r.refundedCents },
                { label: 'Net', money: (r) => r.netCents },
              ]}
            />
          </Section>
        );
      }}
    </Loaded>
  );
}

export function PayablesReport({ range }: { range: Range }) {
  const q = useReport<PayablesView>('consignor-payables', range);
  return (
    <Loaded q={q}>
      {(d) => (
        <Section title="Consignor payables" testId="report-payables">
          <TotalsStrip
            symbol={SYMBOL}
            testId="payables-totals"
            items={[
              { label: 'Settlements', value: d.totals.settlements },
              { label: 'Net due', value: d.totals.netDueCents, money: true },
              { label: 'Paid', value: d.totals.paidCents, money: true },
              { label: 'Open', value: d.totals.openCents, money: true, testId: 'payables-open' },
            ]}
          />
          <ReportTable
            resource="report-payables"
            testId="payables-table"
            rows={d.rows.map((r) => ({ ...r, id: r.consignorId }))}
            columns={[
              { label: 'Consignor', text: (r) => r.consignor },
              { label: 'Company', text: (r) => r.company ?? '' },
              { label: 'Settlements', text: (r) => r.settlements },
              { label: 'Hammer', money: (r) => r.hammerCents },
              { label: 'Commission', money: (r) => r.commissionCents },
              { label: 'Fees and Expenses', money: (r) => r.feesCents },
              { label: 'Net Due', money: (r) => r.netDueCents },
              { label: 'Paid', money: (r) => r.paidCents },
              { label: 'Open', money: (r) => r.openCents },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}

export function RevenueReport({ range }: { range: Range }) {
  const q = useReport<RevenueView>('sale-revenue', range);
  return (
    <Loaded q={q}>
      {(d) => (
        <Section title="Commission and premium revenue per sale" testId="report-revenue">
          <TotalsStrip
            symbol={SYMBOL}
            testId="revenue-totals"
            items={[
              { label: "Buyer's premium", value: d.totals.premiumCents, money: true },
              { label: 'Live fee', value: d.totals.liveFeeCents, money: true },
              { label: 'Commission', value: d.totals.commissionCents, money: true },
              { label: 'Consignor fees', value: d.totals.consignorFeesCents, money: true },
              { label: 'Revenue', value: d.totals.revenueCents, money: true, testId: 'revenue-total' },
            ]}
          />
          <BarChart
            title="Revenue per sale: premium, live fee, commission and consignor fees"
            testId="revenue-chart"
            series={[
              { key: 'premium', label: "Buyer's premium", color: COLORS[0] },
              { key: 'liveFee', label: 'Live fee', color: COLORS[5] },
              { key: 'commission', label: 'Commission', color: COLORS[1] },
              { key: 'fees', label: 'Consignor fees', color: COLORS[2] },
            ]}
            bars={d.rows.map((r) => ({
              label: r.sale,
              values: { premium: r.premiumCents, liveFee: r.liveFeeCents, commission: r.commissionCents, fees: r.consignorFeesCents },
            }))}
          />
          <ReportTable
            resource="report-revenue"
            testId="revenue-table"
            rows={d.rows.map((r) => ({ ...r, id: r.saleId ?? 0 }))}
            columns={[
              { label: 'Sale', text: (r) => r.sale },
              { label: 'Invoiced Lots', text: (r) => r.lots },
              { label: 'Hammer', money: (r) => r.hammerCents },
              { label: "Buyer's Premium", money: (r) => r.premiumCents },
              { label: 'Live Fee', money: (r) => r.liveFeeCents },
              { label: 'Commission', money: (r) => r.commissionCents },
              { label: 'Consignor Fees', money: (r) => r.consignorFeesCents },
              { label: 'Revenue', money: (r) => r.revenueCents },
            ]}
          />
        </Section>
      )}
    </Loaded>
  );
}
