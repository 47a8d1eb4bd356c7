import { Accordion, AccordionDetails, AccordionSummary, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useController } from 'react-hook-form';
import { BIN_FIELD_MAX, BIN_REQUIRED_TERMS, type BinTerm } from '@ar/rules';
import { FormTextField } from '../../kit/FormTextField';

/** The terms accordion: six terms, the first two required and open (spec 001 section 3). */
export function BinTerms({ terms }: { terms: BinTerm[] }) {
  return (
    <div data-testid="bin-terms">
      {terms.map((t, i) => (
        <Accordion key={t.id} defaultExpanded={i < BIN_REQUIRED_TERMS} disableGutters>
          <AccordionSummary expandIcon={<span aria-hidden>▾</span>} data-testid={`bin-term-${i}`}>
            <Typography>
              {t.termTitle || `Term ${i + 1}`}
              {i < BIN_REQUIRED_TERMS ? ' *' : ''}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Stack spacing={2}>
              {i >= BIN_REQUIRED_TERMS && <ActiveBox index={i} />}
              <FormTextField
                source={`terms.${i}.termTitle`}
                id={`bin-term-${i}-title`}
                label="Term Title"
                required={i < BIN_REQUIRED_TERMS}
                fullWidth
                slotProps={{ htmlInput: { maxLength: BIN_FIELD_MAX } }}
              />
              <FormTextField
                source={`terms.${i}.termText`}
                id={`bin-term-${i}-text`}
                label="Term Text"
                required={i < BIN_REQUIRED_TERMS}
                multiline
                minRows={3}
                fullWidth
              />
            </Stack>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}

function ActiveBox({ index }: { index: number }) {
  const { field } = useController({ name: `terms.${index}.active` });
  return (
    <FormControlLabel
      control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
      label="Show this term"
    />
  );
}
