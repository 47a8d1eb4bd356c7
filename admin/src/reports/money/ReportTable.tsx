import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, Pagination, ResourceContextProvider, useList } from 'react-admin';
import { formatMoney } from '../../invoices/money';

export interface ReportColumn<T> {
  label: string;
  /** Cents to show as money, or any text. */
  money?: (r: T) => number;
  text?: (r: T) => ReactNode;
}

/** A report's rows in react-admin's Datagrid over local data (the JSON view), 25 a page, sortable by nothing. */
export function ReportTable<T extends { id: string | number }>({
  resource,
  rows,
  columns,
  testId,
}: {
  resource: string;
  rows: T[];
  columns: ReportColumn<T>[];
  testId: string;
}) {
  const list = useList({ data: rows, resource, perPage: 25 });
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <ResourceContextProvider value={resource}>
        <ListContextProvider value={list}>
          <Datagrid bulkActionButtons={false} rowClick={false} data-testid={testId} empty={<Box sx={{ p: 2 }}>Nothing in this range.</Box>}>
            {columns.map((c) => (
              <FunctionField<T>
                key={c.label}
                label={c.label}
                sortable={false}
                textAlign={c.money ? 'right' : 'left'}
                render={(r) => (c.money ? formatMoney(c.money(r)) : c.text?.(r))}
              />
            ))}
          </Datagrid>
          {rows.length > 25 && <Pagination rowsPerPageOptions={[25, 50, 100]} />}
        </ListContextProvider>
      </ResourceContextProvider>
    </Box>
  );
}
