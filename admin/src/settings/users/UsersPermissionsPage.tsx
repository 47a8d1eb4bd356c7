import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
import { ListContextProvider, useGetList, useListContext, useNotify, type SortPayload } from 'react-admin';
import { STAFF_USER_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { ShellLoading } from '../../common/ShellLoading';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { ListPager } from '../../kit/ListPager';
import { PageHeader } from '../../kit/PageHeader';
import { useUrlListController } from '../../kit/useUrlListController';
import { HouseContactDialog, type ContactValues } from './ContactDialog';
import { UserDialog, type UserValues } from './UserDialog';
import { displayName, flagSummary, type HouseContact, type StaffUser } from './staffUsers';

const USERS_PAGE_SIZE = 50;
/** Active users first, then by user name (the server's default order). */
const ACTIVE_FIRST: SortPayload = { field: 'isActive', order: 'DESC' };

type Confirm = { kind: 'deactivate' | 'reactivate' | 'link'; user: StaffUser } | { kind: 'deleteContact'; contact: HouseContact };

/**
 * /settings/users (accessSensitive): the house's staff users (Add User mails a set-password link;
 * Edit names, email and access; Deactivate ends their sessions at once) and the house's contacts of
 * the three types the session wizards offer. The server holds every rule (docs/decisions/users-permissions.md).
 */
export function UsersPermissionsPage() {
  const users = useUrlListController<StaffUser>({ resource: 'staff-users', perPage: USERS_PAGE_SIZE, sort: ACTIVE_FIRST });
  const contacts = useGetList<HouseContact>('house-contacts', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'contactType', order: 'ASC' },
  });
  const dp = useAppDataProvider();
  const notify = useNotify();
  const { user: me } = useShellUser();
  // undefined: closed; null: adding; a record: editing it.
  const [editing, setEditing] = useState<StaffUser | null | undefined>(undefined);
  const [editingContact, setEditingContact] = useState<HouseContact | null | undefined>(undefined);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const saveUser = async (v: UserValues) => {
    const body = { ...v, userName: v.userName.trim(), email: v.email.trim() };
    if (editing) {
      const { userName: _fixed, ...rest } = body;
      await dp.update('staff-users', { id: editing.id, data: rest, previousData: editing });
      notify(`User ${editing.userName} saved.`, { type: 'success' });
    } else {
      await dp.create('staff-users', { data: body });
      notify(`User ${body.userName} added. ${STAFF_USER_TEXT.inviteSent}`, { type: 'success' });
    }
    setEditing(undefined);
    void users.refetch();
  };

  const saveContact = async (v: ContactValues) => {
    if (editingContact) await dp.update('house-contacts', { id: editingContact.id, data: v, previousData: editingContact });
    else await dp.create('house-contacts', { data: v });
    notify(`Contact ${v.firstName} ${v.lastName} saved.`, { type: 'success' });
    setEditingContact(undefined);
    void contacts.refetch();
  };

  const runConfirm = async () => {
    if (!confirm) return;
    if (confirm.kind === 'deleteContact') {
      await dp.delete('house-contacts', { id: confirm.contact.id, previousData: confirm.contact });
      notify('Contact deleted.', { type: 'success' });
      void contacts.refetch();
    } else if (confirm.kind === 'link') {
      await dp.call('POST', `/api/staff-users/${confirm.user.id}/set-password-link`);
      notify(STAFF_USER_TEXT.inviteSent, { type: 'success' });
    } else {
      await dp.call('POST', `/api/staff-users/${confirm.user.id}/${confirm.kind}`);
      notify(`User ${confirm.user.userName} ${confirm.kind === 'deactivate' ? 'deactivated' : 'reactivated'}.`, { type: 'success' });
      void users.refetch();
    }
    setConfirm(null);
  };

  return (
    <Stack spacing={2} data-testid="users-permissions-page">
      <PageHeader title="Users and Permissions" />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 240 }}>
              <Typography variant="h6" component="h2">
                Users
              </Typography>
              <Typography color="text.secondary" variant="body2">
                Who can sign in to your back office, and what each user can see and do.
              </Typography>
            </Box>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-user">
              Add User
            </Button>
          </Box>
          <ListContextProvider value={users}>
            {users.isPending ? (
              <ShellLoading />
            ) : users.error ? (
              <AppAlert />
            ) : (
              <>
                <UsersTable selfId={me?.userID ?? 0} onEdit={setEditing} onAction={(kind, user) => setConfirm({ kind, user })} />
                <ListPager sizes={[USERS_PAGE_SIZE]} position="bottom" label="User pages" />
              </>
            )}
          </ListContextProvider>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 240 }}>
              <Typography variant="h6" component="h2">
                Contacts
              </Typography>
              <Typography color="text.secondary" variant="body2">
                Consignment, Sale Administrator and Expert contacts you can choose when you set up a sale.
              </Typography>
            </Box>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditingContact(null)} data-testid="add-contact">
              Add Contact
            </Button>
          </Box>
          {contacts.isPending ? (
            <ShellLoading />
          ) : contacts.error ? (
            <AppAlert />
          ) : (
            <ContactsTable
              contacts={contacts.data ?? []}
              onEdit={setEditingContact}
              onDelete={(contact) => setConfirm({ kind: 'deleteContact', contact })}
            />
          )}
        </CardContent>
      </Card>

      <UserDialog
        open={editing !== undefined}
        user={editing ?? null}
        selfId={me?.userID ?? 0}
        onClose={() => setEditing(undefined)}
        onSubmit={saveUser}
      />
      <HouseContactDialog
        open={editingContact !== undefined}
        contact={editingContact ?? null}
        onClose={() => setEditingContact(undefined)}
        onSubmit={saveContact}
      />
      <ConfirmDialog open={confirm !== null} onClose={() => setConfirm(null)} onConfirm={runConfirm} {...confirmTexts(confirm)} />
    </Stack>
  );
}

function confirmTexts(c: Confirm | null): { title: string; text: string; confirmLabel: string } {
  if (!c) return { title: '', text: '', confirmLabel: 'OK' };
  if (c.kind === 'deleteContact') {
    return {
      title: 'Delete Contact',
      text: `Delete ${c.contact.firstName} ${c.contact.lastName} (${c.contact.contactTypeName})? Sales that name this contact keep it.`,
      confirmLabel: 'Delete',
    };
  }
  const who = `${displayName(c.user)} (${c.user.userName})`;
  if (c.kind === 'deactivate') {
    return {
      title: 'Deactivate User',
      text: `Deactivate ${who}? They are signed out at once and can no longer sign in until reactivated.`,
      confirmLabel: 'Deactivate',
    };
  }
  if (c.kind === 'reactivate') {
    return { title: 'Reactivate User', text: `Reactivate ${who}? They can sign in again with their password.`, confirmLabel: 'Reactivate' };
  }
  return {
    title: 'Send Set-Password Link',
    text: `Email ${who} at ${c.user.email ?? ''} a new link to choose a password? Links sent before stop working.`,
    confirmLabel: 'Send Link',
  };
}

function UsersTable({
  selfId,
  onEdit,
  onAction,
}: {
  selfId: number;
  onEdit: (u: StaffUser) => void;
  onAction: (kind: 'deactivate' | 'reactivate' | 'link', u: StaffUser) => void;
}) {
  const { data: list = [] } = useListContext<StaffUser>();
  return (
    <TableContainer>
      <Table aria-label="Users" size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 150 }}>User</TableCell>
            <TableCell sx={{ minWidth: 190 }}>Email</TableCell>
            <TableCell>Access</TableCell>
            <TableCell sx={{ width: 110 }}>Status</TableCell>
            <TableCell align="right" sx={{ width: 260 }}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((u) => (
            <TableRow key={u.id} hover data-testid={`user-row-${u.userName}`} sx={{ opacity: u.isActive ? 1 : 0.7 }}>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Typography sx={{ fontWeight: 600 }}>{displayName(u)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {u.userName}
                  {u.id === selfId ? ' (you)' : ''}
                </Typography>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{u.email ?? ''}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {u.isSuperUser ? (
                  <Chip label="Internal staff" size="small" color="secondary" />
                ) : (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="user-flags">
                    {flagSummary(u).map((f) => (
                      <Chip key={f} label={f} size="small" variant="outlined" />
                    ))}
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Chip
                  label={u.isActive ? 'Active' : 'Deactivated'}
                  size="small"
                  color={u.isActive ? 'success' : 'default'}
                  data-testid="user-status"
                />
              </TableCell>
              <TableCell align="right" sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                {!u.isSuperUser && (
                  // Fixed slots, so Edit, Send Link and Deactivate line up from row to row.
                  <Box sx={{ display: 'inline-grid', gridTemplateColumns: '52px 92px 104px', justifyItems: 'start' }}>
                    <Button size="small" onClick={() => onEdit(u)} aria-label={`Edit ${u.userName}`}>
                      Edit
                    </Button>
                    <Box>
                      {u.isActive && u.email && (
                        <Button size="small" onClick={() => onAction('link', u)} aria-label={`Send a set-password link to ${u.userName}`}>
                          Send Link
                        </Button>
                      )}
                    </Box>
                    <Box>
                      {!u.isActive ? (
                        <Button size="small" onClick={() => onAction('reactivate', u)} aria-label={`Reactivate ${u.userName}`}>
                          Reactivate
                        </Button>
                      ) : (
                        u.id !== selfId && (
                          <Button
                            size="small"
                            color="error"
                            onClick={() => onAction('deactivate', u)}
                            aria-label={`Deactivate ${u.userName}`}
                          >
                            Deactivate
                          </Button>
                        )
                      )}
                    </Box>
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ContactsTable({
  contacts,
  onEdit,
  onDelete,
}: {
  contacts: HouseContact[];
  onEdit: (c: HouseContact) => void;
  onDelete: (c: HouseContact) => void;
}) {
  if (contacts.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="contacts-empty">
        No contacts yet. The session wizards offer the contacts you add here.
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table aria-label="Contacts" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Type</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Phone</TableCell>
            <TableCell align="right" sx={{ width: 180 }}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {contacts.map((c) => (
            <TableRow key={c.id} hover data-testid={`contact-row-${c.id}`}>
              <TableCell>{c.contactTypeName}</TableCell>
              <TableCell>
                {c.firstName} {c.lastName}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.email ?? ''}</TableCell>
              <TableCell>{c.phone ?? ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => onEdit(c)} aria-label={`Edit ${c.firstName} ${c.lastName}`}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => onDelete(c)} aria-label={`Delete ${c.firstName} ${c.lastName}`}>
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
