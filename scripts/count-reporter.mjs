// A vitest reporter beside the default one (vitest.config.ts): after the runner's own summary, the
// skipped tests with the reason their name gives (one line per file), then one last line alone:
// `N passed, N failed` (and `, N skipped`, `, N errors` when there are any). With
// LEDGER_BCS_NO_SKIPS=1 (.ci/run sets it) a skipped test fails the run: CI runs every test.
export default class CountReporter {
  onInit(vitest) {
    this.log = (line) => vitest.logger.log(line);
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const count = { passed: 0, failed: 0, skipped: 0 };
    let errors = unhandledErrors.length;
    const skippedLines = [];
    for (const m of testModules) {
      const skipped = [];
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else {
          count.skipped++;
          skipped.push(t.fullName);
        }
      }
      // A file that failed outside its tests (it did not load, or a hook threw).
      if (m.state() === 'failed' && m.errors().length > 0) errors += m.errors().length;
      if (skipped.length > 0) skippedLines.push(`skipped ${skipped.length} in ${m.relativeModuleId}: ${skipped[0]}${skipped.length > 1 ? ' …' : ''}`);
    }
    const strict = process.env.LEDGER_BCS_NO_SKIPS === '1' && count.skipped > 0;
    if (skippedLines.length > 0) this.log(['', ...skippedLines, ...(strict ? ['LEDGER_BCS_NO_SKIPS=1: a skipped test fails this run'] : [])].join('\n'));
    if (strict) process.exitCode = 1;
    let line = `${count.passed} passed, ${count.failed} failed`;
    if (count.skipped > 0) line += `, ${count.skipped} skipped`;
    if (errors > 0) line += `, ${errors} errors`;
    this.log(`\n${line}`);
  }
}
