import { createContext, useContext, type MouseEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Pagination, useListPaginationContext, type PaginationActionsProps } from 'react-admin';
import { pageItems } from '../common/paginate';

export interface ListPagerProps {
  /** The spec's page sizes for this list (first = default); one size hides the size picker. */
  sizes: readonly number[];
  /** Top and bottom pagers of one list need different accessible names. */
  position?: 'top' | 'bottom';
  /** Accessible name of the page links. */
  label?: string;
  /** data-testid of the size select and of the range label ("1-50 of 120"). */
  testIds?: { size?: string; range?: string };
}

/**
 * react-admin's `Pagination` (range label "1-25 of 60", page size, page links) for the list in
 * context (ListBase / useListController), placed at the top and/or the bottom of a list. Page
 * links follow spec 000 section 9 (4 pages, 1 margin page, Previous and Next). A page past the
 * end (an old link, rows removed meanwhile) shows the way back to page 1 instead of nothing.
 */
export function ListPager({ sizes, position = 'bottom', label = 'Pages', testIds }: ListPagerProps) {
  const { page, perPage, total, isPending, setPage } = useListPaginationContext();
  const pageCount = total != null ? Math.ceil(total / perPage) : undefined;
  if (!isPending && total != null && total > 0 && pageCount !== undefined && page > pageCount) {
    return (
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 1 }}
        role="status"
        data-testid={`pager-out-of-range-${position}`}
      >
        <Typography variant="body2">{`Page ${page} does not exist: there ${pageCount === 1 ? 'is 1 page' : `are ${pageCount} pages`}.`}</Typography>
        <Button size="small" variant="outlined" onClick={() => setPage(1)} data-testid="pager-first-page">
          Go to page 1
        </Button>
      </Box>
    );
  }
  return (
    // The links' name comes through a context: `actions` must be a stable component.
    <PagerLabel.Provider value={position === 'top' ? `${label} (top)` : label}>
      <Pagination
        rowsPerPageOptions={sizes.length > 1 ? [...sizes] : []}
        actions={PagerActions}
        data-testid={`pager-${position}`}
        // A native select, as the kit's AppSelect: keyboard and screen readers get the platform's own.
        slotProps={{
          select: { native: true, inputProps: { 'aria-label': 'Rows per page', 'data-testid': testIds?.size } },
          displayedRows: { 'data-testid': testIds?.range } as object,
        }}
        sx={{ '& .MuiTablePagination-toolbar': { px: 0, minHeight: 44 }, '& .MuiTablePagination-spacer': { display: 'none' } }}
      />
    </PagerLabel.Provider>
  );
}

const PagerLabel = createContext('Pages');

/** The page links (MUI TablePagination actions: `page` is 0-based there). */
function PagerActions({ page, rowsPerPage, count, onPageChange }: PaginationActionsProps) {
  const label = useContext(PagerLabel);
  const pageCount = Math.max(1, Math.ceil(count / rowsPerPage));
  const current = page + 1;
  if (pageCount <= 1) return null;
  const go = (p: number) => (e: MouseEvent) => onPageChange(e.nativeEvent, p - 1);
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 2, flexShrink: 0 }}>
      <Button size="small" disabled={current <= 1} onClick={go(current - 1)}>
        Previous
      </Button>
      {pageItems(current, pageCount).map((item, i) =>
        item === 'gap' ? (
          <Box key={`gap-${i}`} component="span" sx={{ px: 0.5, color: 'text.secondary' }} aria-hidden>
            …
          </Box>
        ) : (
          <Button
            key={item}
            size="small"
            variant={item === current ? 'contained' : 'text'}
            aria-current={item === current ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={go(item)}
            sx={{ minWidth: 32 }}
          >
            {item}
          </Button>
        ),
      )}
      <Button size="small" disabled={current >= pageCount} onClick={go(current + 1)}>
        Next
      </Button>
    </Box>
  );
}
