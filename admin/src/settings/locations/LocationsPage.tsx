import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { ListContextProvider, useListContext, useNotify, type SortPayload } from 'react-admin';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { getWithCsrf } from '../../common/csrfGet';
import { HOUSE_ADDRESSES_KEY } from '../../common/houseAddresses';
import { ListPager } from '../../kit/ListPager';
import { useUrlListController } from '../../kit/useUrlListController';
import { PageHeader } from '../../kit/PageHeader';
import { ShellLoading } from '../../common/ShellLoading';
import { HouseTaxCard } from './HouseTaxCard';
import { LocationDialog } from './LocationDialog';
import { LOCATION_TEXT, streetLine, type HouseAddress } from './locationForm';

/** The spec gives no page size: 25, the `/api/locations` page measured in docs/performance.md. */
const LOCATIONS_PAGE_SIZE = 25;
/** Primary first, then in creation order (the server breaks ties by id). */
const PRIMARY_FIRST: SortPayload = { field: 'primary', order: 'DESC' };

/**
 * /settings/locations (accessSensitive): the house's addresses with Add Location, Edit and Delete,
 * on react-admin's list machinery (`/api/locations` pages in a list context, the kit's pager).
 * The primary has a badge and no Delete; the Add/Edit modal is LocationDialog. Below, the house's
 * VAT rate (HouseTaxCard).
 */
export function LocationsPage() {
  const addresses = useUrlListController<HouseAddress>({ resource: 'locations', perPage: LOCATIONS_PAGE_SIZE, sort: PRIMARY_FIRST });
  const queryClient = useQueryClient();
  const notify = useNotify();
  // undefined: closed; null: adding; an address: editing it.
  const [editing, setEditing] = useState<HouseAddress | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<HouseAddress | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [pageError, setPageError] = useState<string | null>(null);

  // The other screens' shared list of locations is stale after a write too.
  const refetch = () => Promise.all([addresses.refetch(), queryClient.invalidateQueries({ queryKey: HOUSE_ADDRESSES_KEY })]);

  const saved = (a: HouseAddress) => {
    setEditing(undefined);
    setPageError(null);
    void refetch();
    notify(`Location ${a.facilityName ?? a.addressStreet1} saved.`, { type: 'success' });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      const res = await getWithCsrf<{ data: { success: boolean } }>(`/app/house/address/address-delete/${deleting.addressID}`);
      if (!res.data.success) throw new Error('Location not deleted');
      setPageError(null);
      notify('Location deleted.', { type: 'success' });
    } catch (err) {
      const failure = readApiError(err);
      // The server refuses the primary and a location still in use, with the reason.
      setPageError(failure.status >= 400 && failure.status < 500 && failure.message ? failure.message : '');
    } finally {
      setDeleting(null);
      setDeleteBusy(false);
      void refetch();
    }
  };

  return (
    <Stack spacing={2} data-testid="locations-page">
      <PageHeader title="Locations" />
      {pageError !== null && <AppAlert message={pageError} onClose={() => setPageError(null)} />}
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Typography color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
              Your house's addresses, used as sale locations and on invoices.
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-location">
              Add Location
            </Button>
          </Box>
          <ListContextProvider value={addresses}>
            {addresses.isPending ? (
              <ShellLoading />
            ) : addresses.error ? (
              <AppAlert />
            ) : addresses.total === 0 ? (
              <Alert severity="info" data-testid="locations-empty">
                No locations yet. Add your first location; it becomes your primary location.
              </Alert>
            ) : (
              <>
                <ListPager sizes={[LOCATIONS_PAGE_SIZE]} position="top" label="Location pages" />
                <LocationsTable onEdit={setEditing} onDelete={setDeleting} />
                <ListPager sizes={[LOCATIONS_PAGE_SIZE]} position="bottom" label="Location pages" />
              </>
            )}
          </ListContextProvider>
        </CardContent>
      </Card>
      <HouseTaxCard />

      <LocationDialog
        open={editing !== undefined}
        address={editing ?? null}
        isFirst={!addresses.isPending && addresses.total === 0}
        onClose={() => setEditing(undefined)}
        onSaved={saved}
      />

      <Dialog open={deleting !== null} onClose={() => !deleteBusy && setDeleting(null)} aria-labelledby="delete-location-title">
        <DialogTitle id="delete-location-title">Delete Location</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Delete {deleting?.facilityName || deleting?.addressStreet1}
            {deleting ? ` (${streetLine(deleting)}, ${deleting.location})` : ''}? This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} disabled={deleteBusy} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={confirmDelete}
            disabled={deleteBusy}
            startIcon={deleteBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="confirm-delete"
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The locations of the page in context, Datagrid-style (rows from `useListContext`). */
function LocationsTable({ onEdit, onDelete }: { onEdit: (a: HouseAddress) => void; onDelete: (a: HouseAddress) => void }) {
  const { data: list = [] } = useListContext<HouseAddress>();
  return (
    <TableContainer>
      <Table aria-label="Locations">
        <TableHead>
          <TableRow>
            <TableCell>Location</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Contact</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((a) => (
            <TableRow key={a.addressID} data-testid={`location-row-${a.addressID}`} hover>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }} data-testid="location-name">
                    {a.facilityName || a.addressStreet1}
                  </Typography>
                  {a.primary && <Chip label="Primary" color="primary" size="small" data-testid="primary-badge" />}
                </Stack>
                {a.primary && (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, maxWidth: 320 }}>
                    {LOCATION_TEXT.primaryNotDeletable}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2">{streetLine(a)}</Typography>
                <Typography variant="body2">
                  {a.location} {a.postalCode}
                </Typography>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {a.addressPhone && <Typography variant="body2">Phone: {a.addressPhone}</Typography>}
                {a.addressFax && <Typography variant="body2">Fax: {a.addressFax}</Typography>}
                {a.email && <Typography variant="body2">{a.email}</Typography>}
              </TableCell>
              <TableCell align="right" sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'inline-grid', gridTemplateColumns: '64px 72px', justifyItems: 'start' }}>
                  <Button onClick={() => onEdit(a)} aria-label={`Edit ${a.facilityName || a.addressStreet1}`}>
                    Edit
                  </Button>
                  {!a.primary && (
                    <Button color="error" onClick={() => onDelete(a)} aria-label={`Delete ${a.facilityName || a.addressStreet1}`}>
                      Delete
                    </Button>
                  )}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
