import type { ReactNode } from 'react';
import { Box, Card, CardContent, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { Toolbar } from '../kit/Toolbar';
import { ToolbarButton } from '../kit/ToolbarButton';

export interface SearchToolbarProps {
  /** The search field's label and placeholder. */
  label: string;
  placeholder: string;
  /** The text being typed (applied only on Search or Enter). */
  value: string;
  onChange: (text: string) => void;
  /** Applies the trimmed text (the screens keep it in the URL). */
  onSearch: (text: string) => void;
  maxLength: number;
  /** Test ids: the field is `{testId}`, the Search button `{testId}-submit`. */
  testId: string;
  /** The accessible name of the row of buttons. */
  actionsLabel: string;
  /** Inputs between the search field and the buttons (e.g. a sale-group select). */
  filters?: ReactNode;
  /** ToolbarButtons after Search (downloads, Add). */
  actions?: ReactNode;
}

/**
 * The search card over a customer list (Your Customers, No Bid List): a search field, optional
 * filters, and a toolbar with Search (the form's submit, so Enter searches) and the screen's
 * actions; wraps on narrow screens.
 */
export function SearchToolbar(props: SearchToolbarProps) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            props.onSearch(props.value.trim());
          }}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            '& > .MuiFormControl-root': { width: { xs: '100%', sm: 280 } },
          }}
        >
          <TextField
            label={props.label}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            size="small"
            placeholder={props.placeholder}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { maxLength: props.maxLength, 'data-testid': props.testId },
            }}
          />
          {props.filters}
          <Toolbar label={props.actionsLabel}>
            <ToolbarButton type="submit" variant="contained" icon={<SearchIcon />} data-testid={`${props.testId}-submit`}>
              Search
            </ToolbarButton>
            {props.actions}
          </Toolbar>
        </Box>
      </CardContent>
    </Card>
  );
}
