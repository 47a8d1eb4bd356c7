import { Box, Button } from '@mui/material';
import { pageItems } from './paginate';

export interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Accessible name of the navigation. */
  label?: string;
}

/** Previous, the page links of `pageItems` (4 pages, 1 margin page) and Next. */
export function Pager({ page, pageCount, onPage, label = 'Pages' }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }} data-testid="pager">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageItems(page, pageCount).map((item, i) =>
        item === 'gap' ? (
          <Box key={`gap-${i}`} component="span" sx={{ px: 0.5, color: 'text.secondary' }} aria-hidden>
            …
          </Box>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'contained' : 'text'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPage(item)}
            sx={{ minWidth: 36 }}
          >
            {item}
          </Button>
        ),
      )}
      <Button disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Box>
  );
}
