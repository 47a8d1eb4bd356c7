import { useEffect, useState } from 'react';
import { Box, Card, FormControlLabel, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  ResourceContextProvider,
  useDataProvider,
  useGetList,
  useListContext,
  useListController,
} from 'react-admin';
import { UPLOAD_ITEMS_TEXT as T, UPLOAD_REVIEW_PAGE_SIZES, type LotField, type LotSaleType } from '@ar/rules';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { EmptyState } from '../../kit/EmptyState';
import { ListPager } from '../../kit/ListPager';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { EditRowDialog } from './EditRowDialog';
import { UPLOAD_ROWS, useRefreshRows, type UploadRow } from './uploadItemsApi';

/** Spec 001 section 9: table cell text is cut at 50 characters. */
const cut = (v: unknown) => {
  const s = v === undefined || v === null ? '' : String(v);
  return s.length > 50 ? `${s.slice(0, 50)}…` : s;
};

/** The error count of the staged upload (the error filter's rows), for Continue and the filter. */
export function useUploadErrorCount(catalogId: string) {
  const { total, isPending } = useGetList<UploadRow>(UPLOAD_ROWS, {
    filter: { catalogId: Number(catalogId), hasError: true },
    pagination: { page: 1, perPage: 1 },
  });
  return { errorCount: total ?? 0, isPending };
}

/**
 * The review list (spec 001 sections 2 and 4): the staged rows paged 50/100/200 by the server,
 * error rows marked (the field a code marks, and its text), the error filter (on only while error
 * rows remain), the edit modal, delete and delete-selected with confirmation. The server rechecks
 * duplicates (110, 121) after every edit and delete; the list and the count are then refetched.
 */
export function ReviewList({
  catalogId,
  saleType,
  connectType,
  onChanged,
}: {
  catalogId: string;
  saleType: LotSaleType;
  connectType: string;
  /** After an edit or a delete: the upload's error panels are out of date (the rows carry the current errors). */
  onChanged: () => void;
}) {
  const refresh = useRefreshRows();
  const dp = useDataProvider();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [editing, setEditing] = useState<UploadRow | null>(null);
  const [deleting, setDeleting] = useState<UploadRow[] | null>(null);
  const { errorCount, isPending: countPending } = useUploadErrorCount(catalogId);
  const list = useListController<UploadRow>({
    resource: UPLOAD_ROWS,
    filter: { catalogId: Number(catalogId), ...(onlyErrors ? { hasError: true } : {}) },
    perPage: UPLOAD_REVIEW_PAGE_SIZES[0],
    sort: { field: 'row', order: 'ASC' },
    disableSyncWithLocation: true,
    queryOptions: { placeholderData: (prev) => prev },
  });
  // "The error filter stays on only while error rows remain."
  useEffect(() => {
    if (onlyErrors && !countPending && errorCount === 0) setOnlyErrors(false);
  }, [onlyErrors, countPending, errorCount]);

  const remove = async (rows: UploadRow[]) => {
    await dp.deleteMany(UPLOAD_ROWS, { ids: rows.map((r) => r.id) });
    list.onUnselectItems();
    setDeleting(null);
    refresh();
    onChanged();
  };
  const marked = (field: LotField, render: (r: UploadRow) => string) =>
    function Cell(r: UploadRow) {
      const e = r.errors.find((x) => x.field === field);
      return (
        <Typography
          variant="body2"
          title={e?.displayMsg}
          sx={e ? { color: 'error.main', fontWeight: 600, textDecoration: 'underline wavy', textUnderlineOffset: 3 } : undefined}
          data-testid={e ? `marked-${field}-${r.row}` : undefined}
        >
          {render(r) || (e ? '(empty)' : '')}
        </Typography>
      );
    };

  const bin = saleType === 'bin';
  return (
    <Stack spacing={1.5} data-testid="upload-review">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={onlyErrors}
              disabled={errorCount === 0}
              onChange={(e) => {
                setOnlyErrors(e.target.checked);
                list.setPage(1);
              }}
              slotProps={{ input: { 'aria-label': T.errorFilter, 'data-testid': 'upload-error-filter' } as object }}
            />
          }
          label={`${T.errorFilter} (${errorCount})`}
        />
      </Box>
      <ResourceContextProvider value={UPLOAD_ROWS}>
        <ListContextProvider value={list}>
          {list.total === 0 && !list.isPending ? (
            <Card variant="outlined">
              <EmptyState message="No items in this upload." data-testid="upload-review-empty" />
            </Card>
          ) : (
            <>
              <ListPager
                sizes={UPLOAD_REVIEW_PAGE_SIZES}
                position="top"
                label="Item pages"
                testIds={{ size: 'upload-review-size', range: 'upload-review-range' }}
              />
              <Card
                variant="outlined"
                sx={{ overflow: 'visible', position: 'relative', zIndex: 1, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
              >
                <Datagrid
                  rowClick={false}
                  bulkActionButtons={<BulkDelete onDelete={setDeleting} />}
                  rowSx={(r: UploadRow) => (r.hasError ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : {})}
                  data-testid="upload-review-table"
                >
                  <FunctionField<UploadRow> label="Row" sortable={false} render={(r) => r.row} />
                  <FunctionField<UploadRow>
                    label="Lot #"
                    sortable={false}
                    render={marked('lotNumber', (r) => `${r.lotNumber ?? ''}${r.lotExt ?? ''}`)}
                  />
                  <FunctionField<UploadRow> label="Inv. #" sortable={false} render={marked('invNumber', (r) => cut(r.invNumber))} />
                  <FunctionField<UploadRow> label="Title" sortable={false} render={marked('lotTitle', (r) => cut(r.lotTitle))} />
                  <FunctionField<UploadRow>
                    label="Description"
                    sortable={false}
                    render={marked('lotDescription', (r) => cut(r.lotDescription))}
                  />
                  {bin ? (
                    <FunctionField<UploadRow> label="Price" sortable={false} render={marked('itemPrice', (r) => cut(r.itemPrice))} />
                  ) : (
                    <FunctionField<UploadRow> label="Low Est." sortable={false} render={marked('loEst', (r) => cut(r.loEst))} />
                  )}
                  {!bin && <FunctionField<UploadRow> label="High Est." sortable={false} render={marked('hiEst', (r) => cut(r.hiEst))} />}
                  {!bin && (
                    <FunctionField<UploadRow>
                      label="Starting Bid"
                      sortable={false}
                      render={marked('startingBid', (r) => cut(r.startingBid))}
                    />
                  )}
                  {saleType === 'timed' && (
                    <FunctionField<UploadRow> label="Reserve" sortable={false} render={marked('reserve', (r) => cut(r.reserve))} />
                  )}
                  <FunctionField<UploadRow>
                    label="Errors"
                    sortable={false}
                    render={(r) =>
                      r.errors.length ? (
                        <Stack spacing={0.25} data-testid={`row-errors-${r.row}`}>
                          {r.errors.map((e, i) => (
                            <Box key={i} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', color: 'error.main' }}>
                              <ErrorIcon fontSize="small" aria-hidden />
                              <Typography variant="body2">{e.displayMsg}</Typography>
                            </Box>
                          ))}
                        </Stack>
                      ) : (
                        ''
                      )
                    }
                  />
                  <FunctionField<UploadRow>
                    label="Actions"
                    sortable={false}
                    render={(r) => (
                      <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
                        <Tooltip title="Edit">
                          <IconButton
                            size="small"
                            aria-label={`Edit row ${r.row}`}
                            onClick={() => setEditing(r)}
                            data-testid={`edit-row-${r.row}`}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton
                            size="small"
                            aria-label={`Delete row ${r.row}`}
                            onClick={() => setDeleting([r])}
                            data-testid={`delete-row-${r.row}`}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Box>
                    )}
                  />
                </Datagrid>
              </Card>
              <ListPager sizes={UPLOAD_REVIEW_PAGE_SIZES} position="bottom" label="Item pages" />
            </>
          )}
        </ListContextProvider>
      </ResourceContextProvider>
      <EditRowDialog
        row={editing}
        saleType={saleType}
        connectType={connectType}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
          onChanged();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteTitle}
        text={T.deleteText(deleting?.length ?? 0)}
        confirmLabel="Delete"
        onConfirm={() => remove(deleting ?? [])}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function BulkDelete({ onDelete }: { onDelete: (rows: UploadRow[]) => void }) {
  const { selectedIds, data } = useListContext<UploadRow>();
  // Selected rows of this page (a selection is cleared when the page changes).
  const rows = (data ?? []).filter((r) => selectedIds.includes(r.id));
  const all = selectedIds.map((id) => rows.find((r) => r.id === id) ?? ({ id } as UploadRow));
  return (
    <Toolbar label="Selected items">
      <ToolbarButton color="error" icon={<DeleteIcon />} onClick={() => onDelete(all)} data-testid="delete-selected">
        Delete Selected
      </ToolbarButton>
    </Toolbar>
  );
}
