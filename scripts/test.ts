/**
 * `npm test`: type-check and lint every workspace, check every workspace's dependency list against
 * its imports (knip, knip.jsonc: none declared and unused, none imported and undeclared), then run
 * every vitest project (unit, route tests against the real PostgreSQL, integration over real
 * NATS/Redis, browser tests in real Chromium),
 * then Lighthouse alone (e2e/vitest.lighthouse.config.ts; LIGHTHOUSE=0 leaves it out outside CI).
 * Ends with one summary line `tests: N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PgConnectionPeak } from './lib/pg-connection-peak.ts';
import { typecheckAll } from './lib/typecheck.ts';
import { buildWebAppsIfStale } from './lib/web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** As run(), without blocking this process's event loop (the connection sampler ticks meanwhile). */
async function runAsync(title: string, cmd: string, args: string[]): Promise<boolean> {
  console.log(`\n▶ ${title}`);
  const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return code === 0;
}

function run(title: string, cmd: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  return result.status === 0;
}

const extraArgs = process.argv.slice(2);
let ok = true;
if (extraArgs.length === 0) {
  console.log('\n▶ typecheck');
  ok = (await typecheckAll()) && ok;
  ok = run('lint', 'npx', ['eslint', '.', '--max-warnings=0']) && ok;
  ok = run('dependencies (knip)', 'npx', ['knip', '--no-progress']) && ok;
}
await buildWebAppsIfStale();

mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const vitestRun = (resultsFile: string, args: string[]) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...args];
const connections = new PgConnectionPeak().start();
const reports: string[] = [];
if (extraArgs.length > 0) {
  const resultsFile = path.join(ROOT, 'test-results/vitest.json');
  reports.push(resultsFile);
  ok = (await runAsync('vitest', 'npx', vitestRun(resultsFile, extraArgs))) && ok;
} else {
  // The e2e files run one at a time (one site, e2e/vitest.config.ts), and vitest runs such a project
  // only after every other one: the whole run then took the two times added (38 min on the 2-core
  // CI machine). Two vitest processes side by side instead, e2e and the rest, the rest with as many
  // workers as the cores allow beside it but at most two: PostgreSQL's connections are the limit
  // (the peak line below).
  const restWorkers = Math.min(2, Math.max(1, availableParallelism() - 1));
  const e2eFile = path.join(ROOT, 'test-results/vitest-e2e.json');
  const restFile = path.join(ROOT, 'test-results/vitest.json');
  reports.push(restFile, e2eFile);
  const results = await Promise.all([
    runAsync('vitest (e2e)', 'npx', vitestRun(e2eFile, ['--project=e2e'])),
    runAsync(`vitest (every other project, ${restWorkers} worker${restWorkers > 1 ? 's' : ''})`, 'npx', vitestRun(restFile, ['--project=!e2e', `--maxWorkers=${restWorkers}`])),
  ]);
  ok = results.every(Boolean) && ok;
}
const connectionPeak = await connections.stop();

// Lighthouse scores performance under a throttled CPU: taken while the parallel run loads both
// cores they measure the machine, not the pages. So it runs last, alone (e2e/lighthouse.test.ts).
// LIGHTHOUSE=0 leaves it out (a quick local run); CI always runs it.
if (extraArgs.length === 0 && (process.env.LIGHTHOUSE !== '0' || process.env.CI === 'true')) {
  const lighthouseFile = path.join(ROOT, 'test-results/lighthouse.json');
  const config = 'e2e/vitest.lighthouse.config.ts';
  ok = run('lighthouse (alone)', 'npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${lighthouseFile}`]) && ok;
  reports.push(lighthouseFile);
}

interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
}

/** Each failed test (or test file that failed to run) with the head of its failure message. */
function failuresIn(files: FileResult[]): string[] {
  const out: string[] = [];
  const head = (text: string) =>
    text
      .split('\n')
      .filter((line) => !line.includes('/node_modules/'))
      .slice(0, 12)
      .join('\n    ');
  for (const file of files) {
    const where = path.relative(ROOT, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) out.push(`✗ ${where} > ${test.fullName}\n    ${head(test.failureMessages?.join('\n') ?? '')}`);
    if (file.status === 'failed' && failedTests.length === 0) out.push(`✗ ${where}\n    ${head(file.message ?? '')}`);
  }
  return out;
}

const failures: string[] = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults?: FileResult[];
    };
    failures.push(...failuresIn(report.testResults ?? []));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    ok = false;
  }
}
// A skipped test would count as passing without proving anything: the run fails on any.
if (skipped > 0) console.error(`${skipped} test(s) were skipped; every test must run.`);
// Repeated at the end, where a log read from its tail still shows which test failed and why.
if (failures.length > 0) console.error(`\nFailed:\n${failures.join('\n')}`);
if (connectionPeak) console.log(`\n${connectionPeak}`);
if (!ok) console.error('Type-check, lint, the dependency check or the test runner failed (see above).');
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 && skipped === 0 ? 0 : 1);
