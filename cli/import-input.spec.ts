import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { catalogIdOption, choiceOption, counted, importFileArgument } from './import-input';

describe('import command input', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-import-input-'));
  const file = path.join(dir, 'lots.csv');
  fs.writeFileSync(file, 'a,b\n1,2\n');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const usage = 'Name the file.';

  it('reads --catalog as a whole number other than 0, naming the option otherwise', () => {
    expect(catalogIdOption(' 12 ')).toBe(12);
    expect(() => catalogIdOption(undefined)).toThrow('--catalog is required.');
    for (const bad of ['0', '1.5', 'abc', '1234567890'])
      expect(() => catalogIdOption(bad)).toThrow(`--catalog must be a catalog id, a whole number (got "${bad}").`);
  });

  it('takes a choice in any case, the default when absent, and lists the choices when refused', () => {
    expect(choiceOption('--format', 'AuctionFlex', ['standard', 'auctionflex'], 'standard')).toBe('auctionflex');
    expect(choiceOption('--format', undefined, ['lot', 'inventory'], 'lot')).toBe('lot');
    expect(() => choiceOption('--format', 'x', ['lot', 'inventory'], 'lot')).toThrow('--format must be lot or inventory (got "x").');
    expect(() => choiceOption('--mode', 'x', ['a', 'b', 'c'], 'a')).toThrow('--mode must be a, b or c (got "x").');
  });

  it('accepts a readable file within the limit and refuses a missing name, a check, a folder, no file and a large one', () => {
    const o = { usage, maxBytes: 100, tooLarge: 'Too large.' };
    expect(importFileArgument(file, o)).toBe(file);
    expect(() => importFileArgument(undefined, o)).toThrow(usage);
    expect(() =>
      importFileArgument(file, {
        ...o,
        check: (f) => {
          throw new Error(`no ${path.extname(f)}`);
        },
      }),
    ).toThrow('no .csv');
    expect(() => importFileArgument(dir, o)).toThrow(`"${dir}" is not a file.`);
    expect(() => importFileArgument(path.join(dir, 'nope.csv'), o)).toThrow(`Cannot read "${path.join(dir, 'nope.csv')}": no such file.`);
    expect(() => importFileArgument(file, { ...o, maxBytes: 3 })).toThrow('Too large.');
  });

  it('counts with the plural', () => {
    expect([counted(1, 'lot'), counted(0, 'lot'), counted(2, 'image')]).toEqual(['1 lot', '0 lots', '2 images']);
  });
});
