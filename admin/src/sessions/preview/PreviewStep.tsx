import { useState } from 'react';
import { Box, Button, Card, CardContent, Link, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { ListContextProvider, ResourceContextProvider, useListController } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  lotPriceText,
  PREVIEW_SEARCH_MAX,
  SUMMARY_PAGE_SIZES,
  SUMMARY_TEXT as T,
  type SessionDefinitionView,
  type SummaryLot,
} from '@ar/rules';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { EmptyState } from '../../kit/EmptyState';
import { ListPager } from '../../kit/ListPager';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { LotThumb } from '../summary/LotThumb';
import { SessionHeader } from '../summary/SessionHeader';
import { SESSION_PREVIEW, type StepProps } from '../summary/summaryApi';
import { useWizardProgress } from '../wizard/useWizardProgress';

/**
 * Preview step (bin 4, live/timed 5; spec 001 "Preview step"): the house header, a grid of lots
 * searched and paged by the server (50/100/200, default 50), a Bulk upload images link, Continue
 * (records 6, bin 5, then Review & Publish) and Save & Exit.
 */
export function PreviewStep({ type, groupId, catalogId }: StepProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState(false);
  const record = useWizardProgress(type, catalogId);
  const list = useListController<SummaryLot & { id: number }>({
    resource: SESSION_PREVIEW,
    filter: { catalogId, q },
    perPage: SUMMARY_PAGE_SIZES[0],
    disableSyncWithLocation: true,
    queryOptions: { placeholderData: (prev) => prev },
  });
  const catalog = (list.meta as { catalog?: SessionDefinitionView } | undefined)?.catalog;
  const stepBase = `/session/${type}/${groupId}/${catalogId}`;
  const imagesStep = type === 'bin' ? 3 : 4;
  const summaryStep = type === 'bin' ? 5 : 6;

  const next = async () => {
    setLeaving(true);
    setLeaveError(false);
    try {
      // "6 after preview" (bin 5): the calendar's Edit link then opens the summary (@ar/rules stepTrackerValue).
      await record('preview');
      void navigate(`${stepBase}/${summaryStep}`);
    } catch {
      setLeaveError(true);
      setLeaving(false);
    }
  };

  if (list.error) return <AppAlert message={T.loadFailed} />;
  return (
    <Stack spacing={2} data-testid="preview-step">
      {catalog ? <SessionHeader d={catalog} /> : <ShellLoading />}
      <Card variant="outlined">
        <CardContent>
          <Box
            component="form"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setQ(search.trim());
              list.setPage(1);
            }}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
          >
            <MuiTextField
              label="Search items"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              size="small"
              placeholder="Lot number, inventory number or title"
              sx={{ width: { xs: '100%', sm: 340 } }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: PREVIEW_SEARCH_MAX, 'data-testid': 'preview-search' } }}
            />
            <ToolbarButton type="submit" variant="contained" icon={<SearchIcon />} data-testid="preview-search-submit">
              Search
            </ToolbarButton>
            <Box sx={{ flex: 1 }} />
            <Link component={RouterLink} to={`${stepBase}/${imagesStep}`} data-testid="preview-bulk-images">
              Bulk upload images
            </Link>
          </Box>
        </CardContent>
      </Card>
      <ResourceContextProvider value={SESSION_PREVIEW}>
        <ListContextProvider value={list}>
          {list.isPending ? (
            <ShellLoading />
          ) : list.total === 0 ? (
            <Card variant="outlined">
              <EmptyState message={q ? T.noMatch : T.noLots} data-testid="preview-empty" />
            </Card>
          ) : (
            <>
              <ListPager
                sizes={SUMMARY_PAGE_SIZES}
                position="top"
                label="Preview pages"
                testIds={{ size: 'preview-size', range: 'preview-range' }}
              />
              <Box
                data-testid="preview-grid"
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
                }}
              >
                {(list.data ?? []).map((l) => (
                  <Card key={l.lotID} variant="outlined" data-testid="preview-lot">
                    <LotThumb src={l.primaryImg} alt={l.lotTitle} size="100%" ratio="4 / 3" />
                    <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                      <Typography variant="caption" color="text.secondary">
                        {l.lotNumber !== null ? `Lot ${l.lotNumber}${l.lotExt ?? ''}` : `Inv. ${l.invNumber ?? ''}`}
                      </Typography>
                      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={l.lotTitle}>
                        {l.lotTitle}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {lotPriceText(l, type, catalog?.currency.code ?? 'USD')}
                      </Typography>
                    </CardContent>
                  </Card>
                ))}
              </Box>
              <ListPager sizes={SUMMARY_PAGE_SIZES} position="bottom" label="Preview pages" />
            </>
          )}
        </ListContextProvider>
      </ResourceContextProvider>
      {leaveError && (
        <Box role="alert" data-testid="preview-leave-error">
          <AppAlert />
        </Box>
      )}
      <Toolbar label="Preview actions" justify="end">
        <Button onClick={() => navigate('/my-auctions/current')} data-testid="preview-save-exit">
          Save &amp; Exit
        </Button>
        <Button variant="contained" disabled={leaving} onClick={() => void next()} data-testid="preview-continue">
          Continue
        </Button>
      </Toolbar>
    </Stack>
  );
}
