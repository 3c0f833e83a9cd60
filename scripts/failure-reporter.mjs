// A vitest reporter for `npm test`'s closing summary: every failed test (or a file that failed
// outside its tests) with its error's message and the chain of causes, which vitest's JSON
// report leaves out (a query that failed names the database's reason only in its cause).
// Written where `--outputFile.failures=<path>` says; without it, nothing is written.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

function describe(error) {
  const causes = [];
  for (let cause = error?.cause; cause && causes.length < 4; cause = cause.cause) causes.push(String(cause.message ?? cause));
  return { message: String(error?.message ?? error), causes };
}

export default class FailureReporter {
  onInit(vitest) {
    this.out = vitest.config.outputFile?.failures;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const out = this.out;
    if (!out) return;
    const failures = [];
    for (const mod of testModules) {
      const where = path.relative(process.cwd(), mod.moduleId);
      for (const error of mod.errors()) failures.push({ where, name: '(the file itself)', ...describe(error) });
      for (const suite of mod.children.allSuites()) {
        for (const error of suite.errors()) failures.push({ where, name: `${suite.fullName} (a hook)`, ...describe(error) });
      }
      for (const test of mod.children.allTests('failed')) {
        for (const error of test.result().errors ?? []) failures.push({ where, name: test.fullName, ...describe(error) });
      }
    }
    for (const error of unhandledErrors) failures.push({ where: '(outside any file)', name: 'unhandled error', ...describe(error) });
    writeFileSync(out, JSON.stringify(failures));
  }
}
