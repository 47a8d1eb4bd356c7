import { Box, Button, Chip, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { addMessage, removeMessage, sequenceOptions, TEMPLATE_LIMITS, type MessageDraft } from './templateForm';

export interface MessagesSectionProps {
  messages: MessageDraft[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (messages: MessageDraft[]) => void;
}

/**
 * The invoice messages: a sequence dropdown (1..count; the first message locked at 1, option 1
 * disabled for the others), a header and a text. Default messages cannot be deleted; a message
 * left without a header is dropped at save.
 */
export function MessagesSection({ messages, errors, disabled, onChange }: MessagesSectionProps) {
  const update = (index: number, patch: Partial<MessageDraft>) => onChange(messages.map((m, i) => (i === index ? { ...m, ...patch } : m)));
  return (
    <Box data-testid="messages">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Messages print on the invoice in sequence order. A message without a header is not saved.
      </Typography>
      {messages.map((m, index) => {
        const err = (f: 'sequence' | 'header' | 'detail') => errors[`messages.${index}.${f}`];
        const id = (f: string) => `message-${m.key}-${f}`;
        return (
          <Box
            key={m.key}
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
            <TextField
              id={id('sequence')}
              select
              label="Sequence"
              value={String(m.sequence)}
              onChange={(e) => update(index, { sequence: Number(e.target.value) })}
              error={!!err('sequence')}
              helperText={err('sequence')}
              disabled={disabled || index === 0}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {/* A sequence out of range (data from elsewhere) stays visible until changed. */}
              {m.sequence > messages.length && <option value={m.sequence}>{m.sequence}</option>}
              {sequenceOptions(messages.length, index).map((o) => (
                <option key={o.value} value={o.value} disabled={o.disabled}>
                  {o.value}
                </option>
              ))}
            </TextField>
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'start' }}>
                <TextField
                  id={id('header')}
                  label="Header"
                  value={m.header}
                  onChange={(e) => update(index, { header: e.target.value })}
                  error={!!err('header')}
                  helperText={err('header')}
                  disabled={disabled}
                  fullWidth
                  // A default message keeps its header (it cannot be deleted, nor renamed away).
                  slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.messageHeader, readOnly: m.isDefault } }}
                />
                {m.isDefault && <Chip label="Default" size="small" sx={{ mt: 1 }} />}
              </Box>
              <TextField
                id={id('detail')}
                label="Message"
                value={m.detail}
                onChange={(e) => update(index, { detail: e.target.value })}
                error={!!err('detail')}
                helperText={err('detail')}
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
                  onClick={() => onChange(removeMessage(messages, index))}
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
        <Button startIcon={<AddIcon />} onClick={() => onChange(addMessage(messages))} sx={{ mt: 1 }} data-testid="add-message">
          Add Message
        </Button>
      )}
    </Box>
  );
}
