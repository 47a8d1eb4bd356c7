import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, useWatch } from 'react-hook-form';
import { FormTextField } from '../../kit/FormTextField';
import { addMessage, removeMessage, sequenceOptions, TEMPLATE_LIMITS, type MessageDraft } from './templateForm';

const asNumber = (v: string) => Number(v);

/**
 * The invoice messages (the form's `messages`, a react-hook-form field array): a sequence dropdown
 * (1..count; the first message locked at 1, option 1 disabled for the others), a header and a text.
 * Default messages cannot be deleted; a message left without a header is dropped at save.
 */
export function MessagesSection({ disabled }: { disabled: boolean }) {
  const { fields, append, replace } = useFieldArray<{ messages: MessageDraft[] }, 'messages', 'id'>({ name: 'messages' });
  const messages = (useWatch({ name: 'messages' }) ?? []) as MessageDraft[];
  return (
    <Box data-testid="messages">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Messages print on the invoice in sequence order. A message without a header is not saved.
      </Typography>
      {fields.map((f, index) => {
        const m = messages[index] ?? f;
        const path = `messages.${index}`;
        const id = (name: string) => `message-${f.key}-${name}`;
        return (
          <Box
            key={f.key}
            data-testid={`message-row-${index}`}
            sx={{
              display: 'grid',
              gap: 1.5,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
              gridTemplateColumns: { xs: '1fr', sm: '130px 1fr 40px' },
              alignItems: 'start',
            }}
          >
            <FormTextField
              source={`${path}.sequence`}
              id={id('sequence')}
              showErrors="submitted"
              parse={asNumber}
              select
              label="Sequence"
              disabled={disabled || index === 0}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {/* A sequence out of range (data from elsewhere) stays visible until changed. */}
              {m.sequence > fields.length && <option value={m.sequence}>{m.sequence}</option>}
              {sequenceOptions(fields.length, index).map((o) => (
                <option key={o.value} value={o.value} disabled={o.disabled}>
                  {o.value}
                </option>
              ))}
            </FormTextField>
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'start' }}>
                <FormTextField
                  source={`${path}.header`}
                  id={id('header')}
                  showErrors="submitted"
                  label="Header"
                  disabled={disabled}
                  fullWidth
                  // A default message keeps its header (it cannot be deleted, nor renamed away).
                  slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.messageHeader, readOnly: m.isDefault } }}
                />
                {m.isDefault && <Chip label="Default" size="small" sx={{ mt: 1 }} />}
              </Box>
              <FormTextField
                source={`${path}.detail`}
                id={id('detail')}
                showErrors="submitted"
                label="Message"
                disabled={disabled}
                fullWidth
                multiline
                minRows={2}
                maxRows={8}
                slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.messageDetail } }}
              />
            </Box>
            {m.isDefault || disabled ? (
              <span />
            ) : (
              <Tooltip title="Delete this message">
                <IconButton
                  aria-label={`Delete message ${index + 1}`}
                  onClick={() => replace(removeMessage(messages, index))}
                  size="small"
                  sx={{ mt: 0.5 }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      })}
      {!disabled && (
        <Button startIcon={<AddIcon />} onClick={() => append(addMessage(messages).slice(-1))} sx={{ mt: 1 }} data-testid="add-message">
          Add Message
        </Button>
      )}
    </Box>
  );
}
