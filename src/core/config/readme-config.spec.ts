import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENV_VARS } from './app-config';
import { VarSpec } from './env-schema';

/** The README's configuration table lists every variable the product reads, with its default. */
describe('README configuration table', () => {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const rows = new Map(
    readme
      .split('\n')
      .map((line) => /^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2].trim()]),
  );
  // As scripts/env-table.mjs writes it.
  const shown = (value: unknown) => (value === undefined ? '(unset)' : value === '' ? '(empty)' : `\`${String(value)}\``);

  it.each(Object.entries(ENV_VARS as Record<string, VarSpec<unknown>>))('lists %s with its default', (name, spec) => {
    expect(rows.get(name)).toBe(shown(spec.default));
  });

  it('lists no variable the product does not read (regenerate with `node scripts/env-table.mjs --write`)', () => {
    expect([...rows.keys()].filter((name) => !(name in ENV_VARS))).toEqual([]);
  });
});
