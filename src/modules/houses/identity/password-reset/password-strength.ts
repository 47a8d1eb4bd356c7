import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * zxcvbn-ts (the maintained TypeScript port of Dropbox's zxcvbn) with the common and English
 * dictionaries: the same scorer the admin's meter loads, so both faces agree on the score. Built on
 * first use (the dictionaries take a moment to index).
 */
let scorer: ZxcvbnFactory | undefined;

function get(): ZxcvbnFactory {
  if (scorer) return scorer;
  // Required on first use, not at boot: the dictionaries are megabytes of code every process
  // (and every test file) would otherwise compile without ever checking a password.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  /* eslint-enable @typescript-eslint/no-require-imports */
  scorer = new Factory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return scorer;
}

export interface Strength {
  score: number;
  /** zxcvbn's warning (common password, names, dates, sequences, repeats, keyboard patterns, ...). */
  warning: string | null;
  suggestions: string[];
}

/** `userInputs`: words about the user (names, house) that make a password easy to guess for them. */
export function passwordStrength(password: string, userInputs: string[] = []): Strength {
  const r: ZxcvbnResult = get().check(password, userInputs.filter(Boolean));
  return { score: r.score, warning: r.feedback.warning || null, suggestions: r.feedback.suggestions };
}
