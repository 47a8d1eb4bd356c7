import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Tab, Tabs } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { MONEY_REPORTS, type MoneyReportId } from '@ar/rules';
import { canAccess } from '../../access/canAccess';
import { useShellUser } from '../../auth/useShellUser';
import { downloadUrl } from '../../common/downloadFile';
import { localToday } from '../../invoices/dates';
import { DateRange } from '../../kit/DateRange';
import { PageHeader } from '../../kit/PageHeader';
import { downloadPath, lastDays, type Range } from './moneyReportsApi';
import { AgingReport, CollectionsReport, PayablesReport, RevenueReport } from './reports';

/**
 * Money Reports (`/reports/money`, issue 17): outstanding invoices aged, collections by day and
 * method, consignor payables, and commission and premium revenue per sale; one tab each (only the
 * tabs the user's access allows: reports access for the buyer side, settlement access for the
 * seller side), a date range, a chart and the table, and the file as CSV or XLSX.
 */
export function MoneyReportsPage() {
  const { user } = useShellUser();
  const tabs = MONEY_REPORTS.filter((r) => user && canAccess(user, r.access));
  const [picked, setPicked] = useState<MoneyReportId | null>(null);
  const [range, setRange] = useState<Range>(() => lastDays(localToday()));
  const current = tabs.find((t) => t.id === picked) ?? tabs[0];
  const rangeOk = !!range.from && !!range.to && range.from <= range.to;
  if (!current) return null;

  return (
    <Stack spacing={2} data-testid="money-reports">
      <PageHeader title="Money Reports" />
      <Tabs value={current.id} onChange={(_, v: MoneyReportId) => setPicked(v)} variant="scrollable" aria-label="Money reports">
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} label={t.title} data-testid={`tab-${t.id}`} />
        ))}
      </Tabs>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <DateRange
            from={range.from}
            to={range.to}
            onChange={(from, to) => setRange({ from, to })}
            error={range.from && range.to && range.from > range.to ? 'The start date must not be after the end date.' : null}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            {(['xlsx', 'csv'] as const).map((f) => (
              <Button
                key={f}
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={!rangeOk}
                onClick={() => downloadUrl(downloadPath(current.id, range, f), '')}
                data-testid={`download-${f}`}
              >
                Download .{f.toUpperCase()}
              </Button>
            ))}
          </Box>
        </CardContent>
      </Card>
      {rangeOk &&
        (current.id === 'aging' ? (
          <AgingReport range={range} />
        ) : current.id === 'collections' ? (
          <CollectionsReport range={range} />
        ) : current.id === 'consignor-payables' ? (
          <PayablesReport range={range} />
        ) : (
          <RevenueReport range={range} />
        ))}
    </Stack>
  );
}
