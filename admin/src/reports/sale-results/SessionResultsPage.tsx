import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  Checkbox,
  FormControlLabel,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { SALE_RESULTS_TEXT, type SaleResultsGroup } from '@ar/rules';
import { ShellLoading } from '../../common/ShellLoading';
import { EmptyState } from '../../kit/EmptyState';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { useHouseRef } from '../../invoices/useHouseRef';
import { eoaPath } from '../eoa/eoaApi';
import { useSaleResultGroups } from './saleResultsApi';
import { groupCheck, selectionToView, toggleGroup, toggleSession } from './saleResultsSelection';

export const VIEW_SESSION_RESULTS = '/reports/sessionResults/viewSessionResults';

const sessionDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Sales Results (/reports/sessionResults; spec 001 "Sale results"): the sessions with results grouped
 * by sale, a checkbox per session and per sale (selecting a sale selects its sessions), and "View
 * Selected (n)", which opens the results with the selected catalogRefs in navigation state. Sessions
 * of different currencies cannot be viewed together.
 */
export function SessionResultsPage() {
  const houseRef = useHouseRef();
  const groups = useSaleResultGroups(houseRef);
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const view = () => {
    const { catalogRefs, error: refused } = selectionToView(groups.data ?? [], selected);
    setError(refused);
    if (!refused) void navigate(VIEW_SESSION_RESULTS, { state: { catalogRefs } });
  };
  const change = (next: Set<string>) => {
    setSelected(next);
    setError(null);
  };

  return (
    <Stack spacing={2} data-testid="session-results">
      <PageHeader
        title={SALE_RESULTS_TEXT.listTitle}
        actions={
          <Toolbar label="Sales results actions">
            <ToolbarButton
              variant="contained"
              icon={<VisibilityIcon />}
              disabled={selected.size === 0}
              onClick={view}
              data-testid="view-selected"
            >
              {SALE_RESULTS_TEXT.viewSelected(selected.size)}
            </ToolbarButton>
          </Toolbar>
        }
      />
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="selection-error">
          {error}
        </Alert>
      )}
      {groups.isPending ? (
        <ShellLoading />
      ) : groups.error ? (
        <ErrorAlert error={groups.error} />
      ) : groups.data.length === 0 ? (
        <Card variant="outlined">
          <EmptyState message={SALE_RESULTS_TEXT.noAuctions} data-testid="session-results-empty" />
        </Card>
      ) : (
        groups.data.map((g) => <GroupCard key={g.groupRef} group={g} selected={selected} onChange={change} />)
      )}
    </Stack>
  );
}

function GroupCard({
  group,
  selected,
  onChange,
}: {
  group: SaleResultsGroup;
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
}) {
  const check = groupCheck(group, selected);
  return (
    <Card variant="outlined" data-testid={`sale-group-${group.groupRef}`}>
      <Box sx={{ px: 1, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={check === 'all'}
              indeterminate={check === 'some'}
              onChange={() => onChange(toggleGroup(group, selected))}
              slotProps={{
                input: {
                  'aria-label': `Select all sessions of ${group.groupName}`,
                  'data-testid': `group-check-${group.groupRef}`,
                } as object,
              }}
            />
          }
          label={<Typography sx={{ fontWeight: 600 }}>{group.groupName}</Typography>}
        />
      </Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Session</TableCell>
            <TableCell sx={{ width: 220 }}>Date</TableCell>
            <TableCell sx={{ width: 100 }}>Currency</TableCell>
            <TableCell sx={{ width: 160 }}>Reconcile</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {group.catalogs.map((c) => (
            <TableRow key={c.catalogRef} hover selected={selected.has(c.catalogRef)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(c.catalogRef)}
                  onChange={() => onChange(toggleSession(c.catalogRef, selected))}
                  slotProps={{
                    input: { 'aria-label': `Select ${c.catalogTitle}`, 'data-testid': `session-check-${c.catalogRef}` } as object,
                  }}
                />
              </TableCell>
              <TableCell>{c.catalogTitle}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{sessionDate(c.catalogDateFull)}</TableCell>
              <TableCell>{c.catalogCurrencyCode}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={eoaPath(c.catalogRef)} data-testid={`session-eoa-${c.catalogRef}`}>
                  End of Auction
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
