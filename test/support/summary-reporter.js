// Ends the run with the slowest test files (where the suite's time goes), then the plain closing
// line CI reads, which must stay last: "tests: N passed, N failed, N skipped".
const fs = require('node:fs');
const path = require('node:path');

const SLOWEST = 15;

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir ?? process.cwd();
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({ file: path.relative(this.rootDir, r.testFilePath), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((f) => Number.isFinite(f.seconds) && f.seconds > 0)
      .sort((a, b) => b.seconds - a.seconds);
    if (files.length > 1) {
      const total = files.reduce((s, f) => s + f.seconds, 0);
      const lines = files.slice(0, SLOWEST).map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
      process.stdout.write(`\nslowest test files (of ${files.length}, ${total.toFixed(0)} s in all):\n${lines.join('\n')}\n`);
    }
    const failedSuites = results.numFailedTestSuites - results.testResults.filter((r) => r.numFailingTests > 0).length;
    const failed = results.numFailedTests + Math.max(0, failedSuites);
    const counts = { passed: results.numPassedTests, failed, skipped: results.numPendingTests + results.numTodoTests };
    // One lane of `npm test` (scripts/run-tests.mjs): the script adds the lanes up and prints the line.
    if (process.env.AR_TEST_SUMMARY_FILE) fs.writeFileSync(process.env.AR_TEST_SUMMARY_FILE, JSON.stringify(counts));
    else process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
