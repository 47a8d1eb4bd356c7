import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, useList } from 'react-admin';
import { CAMPAIGN_REPORT_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { EmptyState } from '../../kit/EmptyState';
import { ListPager } from '../../kit/ListPager';
import { Money } from '../../kit/MoneyCell';
import { PageHeader } from '../../kit/PageHeader';
import { usDate } from '../../invoices/dates';
import { currencySymbol } from '../../invoices/sent/sentTexts';
import { useHouseRef } from '../../invoices/useHouseRef';
import { fetchCampaigns, share, type CampaignRow } from './campaignApi';

type Row = CampaignRow & { id: string };
const PAGE_SIZES = [50, 100, 200] as const;

/**
 * Ad Campaign Reporting (/campaign-reporting; docs/decisions/broadcast-analytics.md): each session's
 * paid featured items with their bids, items sold and hammer, beside the whole session's, newest first.
 */
export function CampaignReportingPage() {
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const campaigns = useQuery({
    queryKey: ['reports', 'campaigns', houseRef],
    queryFn: () => fetchCampaigns(dp, houseRef),
    enabled: houseRef !== '',
  });
  const list = useList<Row>({ data: (campaigns.data ?? []).map((c) => ({ ...c, id: c.catalogRef })), perPage: PAGE_SIZES[0] });

  return (
    <div data-testid="campaign-page">
      <PageHeader title="Ad Campaign Reporting" />
      <Typography sx={{ mb: 2 }} color="text.secondary">
        Featured items you promoted in each session, with their bids and sales beside the whole session&apos;s.
      </Typography>
      {campaigns.isPending && <ShellLoading />}
      {campaigns.isError && <AppAlert />}
      {campaigns.data?.length === 0 && (
        <Card variant="outlined">
          <EmptyState message={CAMPAIGN_REPORT_TEXT.empty} data-testid="campaign-empty" />
        </Card>
      )}
      {!!campaigns.data?.length && (
        <ResourceContextProvider value="campaign-report">
          <ListContextProvider value={list}>
            <Card variant="outlined" sx={{ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}>
              <Datagrid rowClick={false} bulkActionButtons={false} data-testid="campaign-table">
                <FunctionField<Row>
                  label="Session"
                  sortable={false}
                  render={(c) => (
                    <>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {c.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {usDate(c.eventDate.slice(0, 10))} · {c.saleType}
                      </Typography>
                    </>
                  )}
                />
                <FunctionField<Row> label="Featured items" sortable={false} textAlign="right" render={(c) => c.featuredLots} />
                <FunctionField<Row>
                  label="Bids on featured"
                  sortable={false}
                  textAlign="right"
                  render={(c) => (c.bids > 0 ? `${c.featuredBids} (${share(c.featuredBids, c.bids)} of session)` : '0')}
                />
                <FunctionField<Row>
                  label="Featured sold"
                  sortable={false}
                  textAlign="right"
                  render={(c) => `${c.featuredSold} of ${c.featuredLots}`}
                />
                <FunctionField<Row>
                  label="Featured hammer"
                  sortable={false}
                  textAlign="right"
                  render={(c) => <Money cents={c.featuredHammerCents} symbol={currencySymbol(c.currencyCode)} bold />}
                />
                <FunctionField<Row> label="Session items" sortable={false} textAlign="right" render={(c) => c.lots} />
                <FunctionField<Row> label="Session sold" sortable={false} textAlign="right" render={(c) => c.sold} />
                <FunctionField<Row>
                  label="Session hammer"
                  sortable={false}
                  textAlign="right"
                  render={(c) => <Money cents={c.hammerCents} symbol={currencySymbol(c.currencyCode)} />}
                />
              </Datagrid>
            </Card>
            <ListPager sizes={PAGE_SIZES} position="bottom" label="Campaign pages" />
          </ListContextProvider>
        </ResourceContextProvider>
      )}
    </div>
  );
}
