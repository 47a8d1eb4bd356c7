/**
 * The password-strength scorer: zxcvbn-ts with the common and English dictionaries, the same the
 * server checks with. About 1 MB of dictionaries: imported on first use, in this route's own chunks,
 * never in the admin's initial load.
 */
export interface StrengthResult {
  score: number;
  warning: string | null;
  suggestions: string[];
}

export type Scorer = (password: string) => StrengthResult;

let loading: Promise<Scorer> | null = null;

export function loadScorer(): Promise<Scorer> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')])
    .then(([core, common, en]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      });
      return (password: string) => {
        const r = zxcvbn.check(password);
        return { score: r.score, warning: r.feedback.warning || null, suggestions: r.feedback.suggestions };
      };
    })
    .catch((err: unknown) => {
      // Try again next time (a chunk that failed to load); the server still checks the strength.
      loading = null;
      throw err;
    });
  return loading;
}
