// Jest's default order, with one change: a file that runs its folder's case files
// (test/support/case-files.ts) weighs as much as those files together. Without timings from an
// earlier run (a fresh clone, as in CI) Jest starts the biggest files first so that the two
// workers end together; a three-line group file would otherwise run last.
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const CASES = /\.e2e\.ts$/;

function weight(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes('runCaseFiles(')) return text.length;
  const dir = path.dirname(file);
  return fs
    .readdirSync(dir)
    .filter((f) => CASES.test(f))
    .reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}

class CaseFileSequencer extends Sequencer {
  sort(tests) {
    const weights = new Map(tests.map((t) => [t.path, weight(t.path)]));
    for (const test of tests) test.duration = this.time(test);
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      const timedA = a.duration != null;
      if (timedA !== (b.duration != null)) return timedA ? 1 : -1;
      if (timedA) return b.duration - a.duration;
      return weights.get(b.path) - weights.get(a.path);
    });
  }
}
module.exports = CaseFileSequencer;
