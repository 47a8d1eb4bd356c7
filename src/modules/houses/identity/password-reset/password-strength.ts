import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * zxcvbn-ts (the maintained TypeScript port of Dropbox's zxcvbn) with the common and English
 * dictionaries: the same scorer the admin's meter loads, so both faces agree on the score. Built on
 * first use (the dictionaries take a moment to index).
 */
let scorer: ZxcvbnFactory | undefined;

function get(): ZxcvbnFactory {
  scorer ??= new ZxcvbnFactory({
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
