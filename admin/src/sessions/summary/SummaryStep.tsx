import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  FEATURED_COUNT,
  publishAllShown,
  publishBlockedByUnlotted,
  SUMMARY_TEXT as T,
  type SessionSummary,
  type SummaryLot,
} from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { EmptyState } from '../../kit/EmptyState';
import { StatusChip } from '../../kit/StatusChip';
import { Toolbar } from '../../kit/Toolbar';
import { CoverDialog } from './CoverDialog';
import { FeaturedPicker } from './FeaturedPicker';
import { LotThumb } from './LotThumb';
import { SummaryBanners } from './SummaryBanners';
import { SummaryLotTable } from './SummaryLotTable';
import {
  deleteSelected,
  fetchCatalogUrl,
  fetchSummary,
  publishAll,
  publishSelected,
  saveFeatured,
  selectCover,
  SUMMARY_KEYS,
  type StepProps,
} from './summaryApi';

type Confirm = { kind: 'publishAll' } | { kind: 'publish'; lots: SummaryLot[] } | { kind: 'delete'; lots: SummaryLot[] };
type Modal = 'featured' | 'cover' | 'promo' | null;

/**
 * Summary & Publish (bin 5, live/timed 6; spec 001 "Summary and publish step", sections 4, 5, 8):
 * session info, featured items, banners, the lot table in status priority with publish selected and
 * delete selected, Publish All, and the cover, featured, confirm and paid-featuring modals.
 */
export function SummaryStep({ type, groupId, catalogId }: StepProps) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const summary = useQuery({ queryKey: SUMMARY_KEYS.summary(catalogId), queryFn: () => fetchSummary(dp, catalogId) });
  const url = useQuery({ queryKey: SUMMARY_KEYS.catalogUrl(catalogId), queryFn: () => fetchCatalogUrl(dp, catalogId) });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [modal, setModal] = useState<Modal>(null);
  // The after-publish banner (24-48 hours) stays until closed: later saves (featured, cover, delete)
  // confirm themselves through react-admin's notifications instead of replacing it.
  const [published, setPublished] = useState(false);
  const notify = useNotify();
  const [tableKey, setTableKey] = useState(0);
  const stepBase = `/session/${type}/${groupId}/${catalogId}`;

  if (summary.isPending) return <ShellLoading />;
  if (summary.error) return <AppAlert message={T.loadFailed} />;
  const s: SessionSummary = summary.data;
  const d = s.sessionDefinition;
  const live = s.lots.filter((l) => !l.deleted);
  const featured = s.featuredLots.map((id) => s.lots.find((l) => l.lotID === id)).filter((l): l is SummaryLot => !!l);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['session-summary', catalogId] });
    setTableKey((k) => k + 1); // clears the selection
    setConfirm(null);
    setModal(null);
  };
  const runConfirm = async () => {
    if (!confirm) return;
    if (confirm.kind === 'publishAll') await publishAll(catalogId);
    else if (confirm.kind === 'publish') await publishSelected(dp, catalogId, confirm.lots);
    else await deleteSelected(dp, catalogId, confirm.lots);
    await refresh();
    if (confirm.kind !== 'delete') setPublished(true);
  };

  return (
    <Stack spacing={2} data-testid="summary-step">
      {published && (
        <Alert severity="success" onClose={() => setPublished(false)} data-testid="publish-success">
          {T.published}
        </Alert>
      )}
      <SummaryBanners s={s} />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: featuredPanel(d.featuredLotsEnabled) } }}>
        <Card variant="outlined" data-testid="session-info">
          <CardContent>
            <Stack direction="row" spacing={2}>
              <Box sx={{ width: 120, flexShrink: 0 }}>
                <LotThumb src={d.coverImageURL} alt="Cover photo" size={120} />
                <Button
                  size="small"
                  onClick={() => setModal('cover')}
                  disabled={!live.some((l) => l.primaryImg)}
                  data-testid="cover-change"
                >
                  Cover photo
                </Button>
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2">
                  {d.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {d.saleType === 'bin' ? 'Buy Now sale' : `${d.isTimed ? 'Timed' : 'Live'} session · ${d.dateTimeDisplay}`}
                </Typography>
                <Typography variant="body2">{`${live.length} item(s) · ${d.currency.code} (${d.currency.name})`}</Typography>
                <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <StatusChip
                    label={d.published ? 'Published' : 'Unpublished'}
                    tone={d.published ? 'success' : 'info'}
                    data-testid="session-published"
                  />
                  {url.data && d.published && (
                    <Link href={url.data} target="_blank" rel="noopener noreferrer">
                      View catalog
                    </Link>
                  )}
                </Box>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        {d.featuredLotsEnabled && (
          <Card variant="outlined" data-testid="featured-panel">
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  Featured Items
                </Typography>
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => setModal('promo')}>
                    Promote
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setModal('featured')}
                    disabled={!live.length}
                    data-testid="featured-open"
                  >
                    {featured.length ? 'Edit Featured Items' : 'Select Featured Items'}
                  </Button>
                </Box>
              </Box>
              <Box
                sx={{ display: 'grid', gap: 1, gridTemplateColumns: `repeat(${FEATURED_COUNT}, minmax(0, 1fr))` }}
                data-testid="featured-slots"
              >
                {Array.from({ length: FEATURED_COUNT }, (_, i) => featured[i]).map((l, i) =>
                  l ? (
                    <Box key={l.lotID} title={l.lotTitle} data-testid="featured-slot">
                      <LotThumb src={l.primaryImg} alt={l.lotTitle} size="100%" />
                      <Typography variant="caption" noWrap component="p">
                        {l.lotNumber !== null ? `Lot ${l.lotNumber}${l.lotExt ?? ''}` : l.invNumber}
                      </Typography>
                    </Box>
                  ) : (
                    <Box
                      key={`empty-${i}`}
                      sx={{
                        border: '1px dashed',
                        borderColor: 'divider',
                        borderRadius: 1,
                        aspectRatio: '1',
                        display: 'grid',
                        placeItems: 'center',
                      }}
                    >
                      <Typography variant="caption" color="text.secondary">
                        {i + 1}
                      </Typography>
                    </Box>
                  ),
                )}
              </Box>
            </CardContent>
          </Card>
        )}
      </Box>

      <Toolbar label="Summary actions" justify="space-between">
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {!d.in2Hours && (
            <Button component={RouterLink} to={`${stepBase}/lot/0/summary`} data-testid="summary-add-item">
              Add single item
            </Button>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => navigate('/my-auctions/current')} data-testid="summary-exit">
            Save &amp; Exit
          </Button>
          {publishAllShown(d.published, s.lots) && (
            <Button
              variant="contained"
              disabled={publishBlockedByUnlotted(s.lots)}
              onClick={() => setConfirm({ kind: 'publishAll' })}
              data-testid="publish-all"
            >
              Publish All
            </Button>
          )}
        </Box>
      </Toolbar>

      {s.lots.length === 0 ? (
        <Card variant="outlined">
          <EmptyState message={T.noLots} data-testid="summary-empty" />
        </Card>
      ) : (
        <SummaryLotTable
          key={tableKey}
          lots={s.lots}
          saleType={d.saleType}
          currency={d.currency.code}
          in2Hours={d.in2Hours}
          stepBase={stepBase}
          onPublish={(lots) => setConfirm({ kind: 'publish', lots })}
          onDelete={(lots) => setConfirm({ kind: 'delete', lots })}
        />
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'delete' ? 'Delete Items' : 'Publish Items'}
        text={
          confirm?.kind === 'delete'
            ? T.deleteConfirm(confirm.lots.length)
            : confirm?.kind === 'publish'
              ? T.publishConfirmSelected(confirm.lots.filter((l) => l.unpublished).length)
              : T.publishConfirmAll(live.filter((l) => l.unpublished).length)
        }
        confirmLabel={confirm?.kind === 'delete' ? 'Delete' : 'Publish'}
        onConfirm={runConfirm}
        onClose={() => setConfirm(null)}
      />
      {modal === 'featured' && (
        <FeaturedPicker
          open
          lots={s.lots}
          initial={s.featuredLots}
          onSave={async (ids) => {
            await saveFeatured(dp, catalogId, ids);
            await refresh();
            notify(T.featuredSaved, { type: 'success' });
          }}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'cover' && (
        <CoverDialog
          open
          lots={s.lots}
          current={d.coverImageURL}
          onSave={async (u) => {
            await selectCover(dp, catalogId, u);
            await refresh();
          }}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'promo' && (
        <ConfirmDialog
          open
          title="Paid Featuring"
          text={T.featuredPromo}
          confirmLabel="OK"
          onConfirm={async () => setModal(null)}
          onClose={() => setModal(null)}
        />
      )}
    </Stack>
  );
}

const featuredPanel = (enabled: boolean) => (enabled ? 'minmax(0, 1fr) minmax(0, 1.2fr)' : '1fr');
