import { useState, type MouseEvent } from 'react';
import { Box, Button, Link, Menu, MenuItem, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MoreIcon from '@mui/icons-material/MoreHoriz';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, useList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { sessionActions, sessionTableHeight, type CalendarCatalog, type CalendarViewer, type SessionAction } from '@ar/rules';
import { StatusChip } from '../../kit/StatusChip';

type Row = CalendarCatalog & { id: number };

/** The same column widths in every sale's table, so the sales line up one under another. */
const COLUMNS = {
  '& table': { tableLayout: 'fixed' },
  '& th:nth-of-type(1)': { width: '32%' },
  '& th:nth-of-type(2)': { width: '20%' },
  '& th:nth-of-type(3)': { width: '8%' },
  '& th:nth-of-type(4)': { width: '18%' },
  '& th:nth-of-type(5)': { width: '22%', textAlign: 'right' },
  '& td': { overflowWrap: 'anywhere' },
} as const;

export interface SessionTableProps {
  groupID: number;
  groupName: string;
  catalogs: CalendarCatalog[];
  viewer: CalendarViewer;
  now: Date;
  onDelete: (session: CalendarCatalog) => void;
}

/**
 * The sessions of one sale: react-admin's Datagrid over the sale's sessions (an in-memory list),
 * 400 px high, 800 px from four rows on (spec), scrolling beyond. Actions by flags and state come
 * from @ar/rules' sessionActions: Edit and Delete Session as buttons, the rest in a menu.
 */
export function SessionTable({ groupID, groupName, catalogs, viewer, now, onDelete }: SessionTableProps) {
  const rows: Row[] = catalogs.map((c) => ({ ...c, id: c.catalogID }));
  const list = useList<Row>({ data: rows, perPage: 1000, resource: 'calendar-sessions' });
  return (
    <Box sx={{ maxHeight: sessionTableHeight(rows.length), overflow: 'auto', ...COLUMNS }} data-testid={`sessions-${groupID}`}>
      <ResourceContextProvider value="calendar-sessions">
        <ListContextProvider value={list}>
          <Datagrid bulkActionButtons={false} rowClick={false} aria-label={`Sessions of ${groupName}`}>
            <FunctionField<Row>
              label="Session"
              sortable={false}
              render={(c) => (
                <Stack spacing={0.5} data-testid={`session-${c.catalogID}`}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="session-title">
                    {c.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {c.isTimed ? 'Timed' : 'Live'} · {c.catalogRef}
                  </Typography>
                </Stack>
              )}
            />
            <FunctionField<Row>
              label="Date & Time"
              sortable={false}
              render={(c) => (
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="session-date">
                  {c.dateTimeDisplay}
                </Typography>
              )}
            />
            <FunctionField<Row>
              label="Lots"
              sortable={false}
              textAlign="right"
              render={(c) => (
                <Box sx={{ textAlign: 'right' }}>
                  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="session-lots">
                    {c.lotCount}
                  </Typography>
                  {c.unpublishedLotCount > 0 && (
                    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {c.unpublishedLotCount} unpublished
                    </Typography>
                  )}
                </Box>
              )}
            />
            <FunctionField<Row> label="Status" sortable={false} render={(c) => <SessionStatus session={c} />} />
            <FunctionField<Row>
              label="Actions"
              sortable={false}
              render={(c) => <SessionActions actions={sessionActions(groupID, c, viewer, now)} session={c} onDelete={onDelete} />}
            />
          </Datagrid>
        </ListContextProvider>
      </ResourceContextProvider>
    </Box>
  );
}

function SessionStatus({ session: c }: { session: CalendarCatalog }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="session-status">
      {/* Tones with enough contrast on white (axe): the kit's warning and info chips fall short. */}
      {c.isPast ? (
        <StatusChip label="Past" />
      ) : c.in2Hours ? (
        <StatusChip label="Within 2 hours" tone="error" />
      ) : (
        <StatusChip label="Upcoming" />
      )}
      <StatusChip label={c.published ? 'Published' : 'Unpublished'} tone={c.published ? 'success' : 'neutral'} />
    </Box>
  );
}

function SessionActions({
  actions,
  session,
  onDelete,
}: {
  actions: SessionAction[];
  session: CalendarCatalog;
  onDelete: (s: CalendarCatalog) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const edit = actions.find((a) => a.key === 'edit');
  const canDelete = actions.some((a) => a.key === 'delete');
  const more = actions.filter((a) => a.key !== 'edit' && a.key !== 'delete');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {edit && (
        <Button size="small" component={RouterLink} to={edit.to} startIcon={<EditIcon />} aria-label={`Edit ${session.title}`}>
          Edit
        </Button>
      )}
      {canDelete && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => onDelete(session)}
          aria-label={`Delete Session ${session.title}`}
          data-testid="delete-session"
        >
          Delete
        </Button>
      )}
      {more.length > 0 && (
        <>
          <Button
            size="small"
            startIcon={<MoreIcon />}
            onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
            aria-haspopup="menu"
            aria-label={`More actions for ${session.title}`}
            data-testid="more-actions"
          >
            More
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {more.map((a) =>
              a.external ? (
                <MenuItem
                  key={a.key}
                  component={Link}
                  href={a.to}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => setAnchor(null)}
                >
                  {a.label}
                </MenuItem>
              ) : (
                <MenuItem key={a.key} component={RouterLink} to={a.to} onClick={() => setAnchor(null)}>
                  {a.label}
                </MenuItem>
              ),
            )}
          </Menu>
        </>
      )}
    </Box>
  );
}
