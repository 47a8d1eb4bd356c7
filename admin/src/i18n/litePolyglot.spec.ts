import { describe, expect, it } from '@jest/globals';
import Polyglot from 'node-polyglot';
import englishMessages from 'ra-language-english';
import litePolyglotI18nProvider, { formatPhrase } from './litePolyglot';

/** The stand-in must translate react-admin's English messages exactly as node-polyglot does. */
describe('litePolyglot', () => {
  const lite = litePolyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
  const real = new Polyglot({ locale: 'en', phrases: { '': '', ...englishMessages }, allowMissing: true });
  const flat = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${p}${k}`] : flat(v as object, `${p}${k}.`)));

  it('matches node-polyglot on every react-admin English message, with counts 0, 1 and 7 and named values', () => {
    const keys = flat(englishMessages);
    expect(keys.length).toBeGreaterThan(150);
    for (const key of keys) {
      for (const smart_count of [0, 1, 7]) {
        const options = { smart_count, name: 'Invoices', resource: 'lots', offsetBegin: 1, offsetEnd: 50, total: 120, id: 3 };
        expect(lite.translate(key, options)).toBe(real.t(key, options));
      }
      expect(lite.translate(key)).toBe(real.t(key));
    }
  });

  it('uses the _ default, then the key when missing phrases are allowed', () => {
    expect(lite.translate('resources.lots.name', { _: 'Lots', smart_count: 2 })).toBe('Lots');
    expect(lite.translate('custom.Label')).toBe('custom.Label');
    expect(lite.translate('ra.action.save')).toBe('Save');
  });

  it('keeps an unknown placeholder and reads a number as smart_count', () => {
    expect(formatPhrase('%{a} and %{b}', { a: 1 })).toBe('1 and %{b}');
    expect(lite.translate('ra.navigation.page_rows_per_page')).toBe(real.t('ra.navigation.page_rows_per_page'));
    expect(formatPhrase('one |||| many', { smart_count: 1 })).toBe('one');
    expect(formatPhrase('one |||| many', { smart_count: 2 })).toBe('many');
  });
});
