// A Vitest reporter that records every finished test's duration beside the timeout it ran under, so `npm test`
// can print the tests nearest their timeout (scripts/test.mjs). Writes JSON to $TEST_TIMINGS_FILE.
import fs from 'node:fs';

export default class TimingReporter {
  rows = [];

  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || testCase.result().state === 'skipped') return;
    const project = testCase.project.name;
    const timeout = testCase.options.timeout ?? testCase.project.config.testTimeout;
    this.rows.push({ project, file: testCase.module.relativeModuleId, name: testCase.fullName, ms: Math.round(diagnostic.duration), timeout });
  }

  onTestRunEnd() {
    const file = process.env.TEST_TIMINGS_FILE;
    if (file) fs.writeFileSync(file, JSON.stringify(this.rows));
  }
}
