// Prints the plain closing line CI reads: "tests: N passed, N failed, N skipped".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failedSuites = results.numFailedTestSuites - results.testResults.filter((r) => r.numFailingTests > 0).length;
    const failed = results.numFailedTests + Math.max(0, failedSuites);
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
