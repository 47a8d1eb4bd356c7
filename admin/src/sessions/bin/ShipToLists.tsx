import { useState } from 'react';
import { Box, Button, Checkbox, List, ListItemButton, ListItemIcon, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useController } from 'react-hook-form';
import type { Country } from './binApi';

/**
 * Geographic shipping rules: excluded and included countries as two lists with arrow buttons and
 * select all (spec 001 "Bin step 1"). The form holds the excluded codes.
 */
export function ShipToLists({ countries }: { countries: Country[] }) {
  const { field } = useController({ name: 'excluded' });
  const excluded = new Set((field.value ?? []) as string[]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const left = countries.filter((c) => excluded.has(c.countryCode));
  const right = countries.filter((c) => !excluded.has(c.countryCode));
  const move = (from: Country[], exclude: boolean) => {
    const codes = from.filter((c) => picked.has(c.countryCode)).map((c) => c.countryCode);
    const next = new Set(excluded);
    for (const c of codes)
      if (exclude) next.add(c);
      else next.delete(c);
    field.onChange(countries.filter((c) => next.has(c.countryCode)).map((c) => c.countryCode));
    setPicked(new Set());
  };
  const toggle = (code: string) => {
    const next = new Set(picked);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    setPicked(next);
  };
  const column = (title: string, list: Country[], id: string) => {
    const all = list.length > 0 && list.every((c) => picked.has(c.countryCode));
    return (
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }} data-testid={`shipto-${id}`}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Checkbox
            size="small"
            checked={all}
            onChange={() => {
              const next = new Set(picked);
              for (const c of list)
                if (all) next.delete(c.countryCode);
                else next.add(c.countryCode);
              setPicked(next);
            }}
            slotProps={{ input: { 'aria-label': `Select all ${title.toLowerCase()}` } }}
          />
          <Typography variant="subtitle2" component="h3">
            {title} ({list.length})
          </Typography>
        </Box>
        <List dense sx={{ height: 220, overflow: 'auto' }} aria-label={title}>
          {list.map((c) => (
            <ListItemButton key={c.countryCode} onClick={() => toggle(c.countryCode)} sx={{ py: 0 }}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <Checkbox size="small" edge="start" checked={picked.has(c.countryCode)} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText primary={c.countryName} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    );
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'stretch' }}>
      {column('Excluded Countries', left, 'excluded')}
      <Stack spacing={1} sx={{ justifyContent: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => move(right, true)}
          aria-label="Exclude selected countries"
          data-testid="shipto-exclude"
        >
          &larr;
        </Button>
        <Button
          variant="outlined"
          size="small"
          onClick={() => move(left, false)}
          aria-label="Include selected countries"
          data-testid="shipto-include"
        >
          &rarr;
        </Button>
      </Stack>
      {column('Included Countries', right, 'included')}
    </Stack>
  );
}
