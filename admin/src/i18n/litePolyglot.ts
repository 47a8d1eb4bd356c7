/**
 * A drop-in for `ra-i18n-polyglot` (aliased in vite.config.ts), so react-admin's default English
 * provider runs without node-polyglot, whose ES shims (object.entries, get-intrinsic and friends)
 * cost the first load about 6 kB gzip. Only what react-admin's messages use is kept: nested
 * phrases, `%{name}` interpolation, English `||||` plurals by `smart_count`, the `_` default and
 * `allowMissing`. The admin has one locale.
 */
import type { I18nProvider, Locale, TranslationMessages } from 'ra-core';

type Phrases = Record<string, string>;
type Options = Record<string, unknown> & { _?: string; smart_count?: number | { length: number } };

function flatten(messages: object, prefix = '', into: Phrases = {}): Phrases {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into[path] = value;
    else if (value && typeof value === 'object') flatten(value, path, into);
  }
  return into;
}

/** Interpolates `%{name}` and picks the English plural form (`one |||| many`) by `smart_count`. */
export function formatPhrase(phrase: string, options: Options): string {
  const count = typeof options.smart_count === 'number' ? options.smart_count : options.smart_count?.length;
  let text = phrase;
  // As polyglot: with a count, the form is picked (a phrase without `||||` is its only form) and trimmed.
  if (count !== undefined) {
    const forms = text.split('||||');
    text = (forms[count === 1 ? 0 : 1] || forms[0]).trim();
  }
  return text.replace(/%\{(.*?)\}/g, (token, name: string) => {
    const value = name === 'smart_count' ? count : options[name];
    return value === undefined || value === null ? token : String(value);
  });
}

export function makeTranslate(messages: object, allowMissing = false) {
  const phrases = flatten(messages);
  return (key: string, options: number | Options = {}): string => {
    const opts: Options = typeof options === 'number' ? { smart_count: options } : options;
    const phrase = phrases[key] ?? opts._ ?? (allowMissing ? key : undefined);
    if (phrase === undefined) {
      console.warn(`Missing translation for key: "${key}"`);
      return key;
    }
    return formatPhrase(phrase, opts);
  };
}

export default function litePolyglotI18nProvider(
  getMessages: (locale: string) => TranslationMessages | Promise<TranslationMessages>,
  initialLocale = 'en',
  availableLocales: Locale[] | { allowMissing?: boolean } = [{ locale: 'en', name: 'English' }],
  options: { allowMissing?: boolean } = {},
): I18nProvider {
  const locales = Array.isArray(availableLocales) ? availableLocales : [{ locale: 'en', name: 'English' }];
  const allowMissing = (Array.isArray(availableLocales) ? options : availableLocales).allowMissing ?? false;
  const messages = getMessages(initialLocale);
  if (messages instanceof Promise) throw new Error(`The messages of the default locale (${initialLocale}) must be synchronous.`);
  let locale = initialLocale;
  let translate = makeTranslate(messages, allowMissing);
  return {
    translate: (key, opts) => translate(key, opts),
    changeLocale: (next) =>
      Promise.resolve(getMessages(next)).then((m) => {
        locale = next;
        translate = makeTranslate(m, allowMissing);
      }),
    getLocale: () => locale,
    getLocales: () => locales,
  };
}
