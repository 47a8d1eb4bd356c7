import type { ReactNode } from 'react';
import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../common/PageTitle';

export interface PageHeaderProps {
  /** The route's title (the route table's): one per route, whatever tab or state the screen is in. */
  title: string;
  /** A back link shown above the screen, e.g. `{ to: '/invoices/ExistingInvoices', label: '< Existing Invoices' }`. */
  back?: { to: string; label: string };
  /** Buttons at the right of the header row (a `Toolbar`, a link). */
  actions?: ReactNode;
}

/**
 * The top of every screen: the title goes to the layout's title bar and the browser tab (so it
 * is there before the screen's data), then an optional row with a back link and actions.
 */
export function PageHeader({ title, back, actions }: PageHeaderProps) {
  return (
    <>
      <PageTitle title={title} />
      {(back || actions) && (
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}
          data-testid="page-header"
        >
          {back ? (
            <Link component={RouterLink} to={back.to} data-testid="page-back">
              {back.label}
            </Link>
          ) : (
            <span />
          )}
          {actions}
        </Box>
      )}
    </>
  );
}
