import { Box, Link, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { AppAlert } from '../../common/AppAlert';
import { NOT_FOUND_TEXT } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { StatusChip } from '../../kit/StatusChip';
import { attachmentUrl, OUTBOX_STATUSES, outboxPath, statusTone, type OutboxRecord } from './outbox';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={OUTBOX_STATUSES.map((s) => ({ id: s, name: s }))} alwaysOn />,
  <TextInput key="kind" source="kind" label="Kind" alwaysOn />,
];

const Status = () => {
  const r = useRecordContext<OutboxRecord>();
  return r ? <StatusChip label={r.status} tone={statusTone(r.status)} /> : null;
};

/**
 * The dev outbox (super users, docs/decisions/invoice-sending.md "Dev mail"): the mail the product
 * wrote for the signed-in house, newest first, from `/api/mail-outbox` (react-admin's list
 * conventions). Without SMTP mail stays queued here; a row opens the message.
 */
export function OutboxListPage() {
  return (
    <>
      <PageHeader title="Outbox" />
      <List
        resource="mail-outbox"
        title={false}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        exporter={false}
        storeKey="dev-outbox"
        disableSyncWithLocation
        empty={<Typography sx={{ p: 2 }}>No mail in the outbox.</Typography>}
      >
        <Datagrid bulkActionButtons={false} rowClick={(id) => outboxPath(id)} data-testid="outbox-list">
          <DateField source="createdAt" label="Created" showTime sortable />
          <TextField source="kind" label="Kind" sortable={false} />
          <TextField source="toAddress" label="To" sortable={false} />
          <TextField source="subject" label="Subject" sortable={false} />
          <FunctionField source="status" label="Status" sortable={false} render={() => <Status />} />
          <NumberField source="attempts" label="Attempts" sortable={false} />
          <TextField source="lastError" label="Last error" sortable={false} emptyText="" />
        </Datagrid>
      </List>
    </>
  );
}

/** One outbox message: addresses, the HTML body in a sandboxed frame (no scripts, no same origin), the text body, the attachments. */
export function OutboxShowPage() {
  const { id } = useParams();
  const valid = !!id && /^\d{1,10}$/.test(id);
  return (
    <>
      <PageHeader title="Outbox message" back={{ to: '/dev/outbox', label: '< Outbox' }} />
      {!valid ? (
        <AppAlert severity="warning" message={NOT_FOUND_TEXT} />
      ) : (
        <Show resource="mail-outbox" id={id} title={false} actions={false}>
          <SimpleShowLayout>
            <DateField source="createdAt" label="Created" showTime />
            <TextField source="kind" label="Kind" />
            <TextField source="fromAddress" label="From" />
            <TextField source="toAddress" label="To" />
            <TextField source="bcc" label="Bcc" emptyText="—" />
            <TextField source="subject" label="Subject" />
            <FunctionField source="status" label="Status" render={() => <Status />} />
            <NumberField source="attempts" label="Attempts" />
            <TextField source="lastError" label="Last error" emptyText="—" />
            <Attachments />
            <HtmlBody />
            <TextBody />
          </SimpleShowLayout>
        </Show>
      )}
    </>
  );
}

function Attachments() {
  const r = useRecordContext<OutboxRecord>();
  if (!r) return null;
  return (
    <Box data-testid="outbox-attachments">
      <Typography variant="caption" color="text.secondary">
        Attachments
      </Typography>
      {r.attachments?.length ? (
        <Stack spacing={0.5}>
          {r.attachments.map((a) => (
            <Link
              key={a.index}
              href={attachmentUrl(r.id, a.index)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="outbox-attachment"
            >
              {a.filename} ({a.contentType})
            </Link>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2">None</Typography>
      )}
    </Box>
  );
}

function HtmlBody() {
  const r = useRecordContext<OutboxRecord>();
  if (!r?.htmlBody) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        HTML body
      </Typography>
      <Box
        component="iframe"
        title="HTML body"
        sandbox=""
        srcDoc={r.htmlBody}
        data-testid="outbox-html"
        sx={{ display: 'block', width: '100%', height: 640, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
      />
    </Box>
  );
}

function TextBody() {
  const r = useRecordContext<OutboxRecord>();
  if (!r) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        Text body
      </Typography>
      <Box
        component="pre"
        data-testid="outbox-text"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'grey.100',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontSize: 13,
          maxHeight: 480,
          overflow: 'auto',
        }}
      >
        {r.textBody}
      </Box>
    </Box>
  );
}
