// The one test command: the type check (astro check: TypeScript over every
// .ts, .tsx and .astro file, 0 errors), unit tests (vitest), then the site
// build and the end-to-end tests (Playwright, Debian's Chromium). Prints each stage's time,
// the ten slowest test files (where the suite's 30-minute budget goes), one
// summary line per runner, and fails when any test fails.
import './lib/require-node.mjs'; // first: stops on a Node older than 22.12 (docs/node.md)
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, existsSync } from 'node:fs';
import { relative } from 'node:path';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
mkdirSync('test-results', { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const summaries = [];
/** [label, seconds] of each test file, from both runners' JSON reports. */
const fileTimes = [];
/** [stage, seconds] of each stage of the run. */
const stages = [];
let failed = false;
/** Runs a stage and keeps its wall time. */
const timedRun = (stage, ...args) => {
  const started = Date.now();
  const status = run(...args);
  stages.push([stage, (Date.now() - started) / 1000]);
  return status;
};

/** Each Playwright test file's time: the sum of its tests' runs (retries included), per project. */
function playwrightFileTimes(suite, into = new Map()) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const key = `${spec.file ?? suite.file} (${t.projectName})`;
      into.set(key, (into.get(key) ?? 0) + (t.results ?? []).reduce((s, r) => s + r.duration, 0) / 1000);
    }
  }
  for (const child of suite.suites ?? []) playwrightFileTimes(child, into);
  return into;
}

// Errors fail the run; hints and warnings are printed but pass.
const typecheck = timedRun('type check (astro check)', 'npx', ['astro', 'check', '--minimumSeverity', 'warning']);
summaries.push(`types: astro check ${typecheck === 0 ? 'found 0 errors' : 'found errors (above)'}`);
if (typecheck !== 0) failed = true;

const unit = timedRun('unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']);
if (existsSync('test-results/unit.json')) {
  const r = JSON.parse(readFileSync('test-results/unit.json', 'utf8'));
  // A test file that fails to load counts as a failure too.
  const failedFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  for (const f of r.testResults ?? []) fileTimes.push([relative(process.cwd(), f.name), (f.endTime - f.startTime) / 1000]);
  summaries.push(`unit: ${r.numPassedTests} passed, ${r.numFailedTests + failedFiles} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped`);
}
if (unit !== 0) failed = true;

/** The browser the end-to-end tests drive, as it names itself (a test can pass on one version and fail on another). */
function chromiumVersion() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const r = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const version = (r.stdout || '').trim().split('\n').pop() || `unknown (${(r.error?.message ?? r.stderr ?? '').trim().split('\n').pop()})`;
  console.log(`[nucleus] end-to-end tests run with ${path}: ${version}`);
  return `${version} (${path})`;
}

/** Names the browser in the summary, then builds the two sites the end-to-end tests serve. */
function buildForE2e() {
  summaries.push(`browser: ${chromiumVersion()}`);
  return timedRun('build (dist/ and dist-sub/)', 'node', ['scripts/build-e2e.mjs']);
}

const steps = process.argv.includes('--unit') ? [] : ['e2e'];
if (steps.includes('e2e')) {
  if (run('node', ['scripts/ensure-chromium.mjs']) !== 0) failed = true;
  else if (buildForE2e() !== 0) {
    summaries.push('build: failed');
    failed = true;
  } else {
    const e2e = timedRun('end-to-end tests', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json', PW_REPORTERS: 'json' });
    if (existsSync('test-results/e2e.json')) {
      const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
      const s = report.stats;
      for (const suite of report.suites ?? []) fileTimes.push(...playwrightFileTimes(suite));
      summaries.push(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
    }
    if (e2e !== 0) failed = true;
  }
}

const seconds = (n) => `${n.toFixed(1).padStart(7)} s`;
console.log('\nTime by stage:');
for (const [stage, t] of stages) console.log(`${seconds(t)}  ${stage}`);
console.log('\nThe ten slowest test files:');
for (const [file, t] of fileTimes.sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${seconds(t)}  ${file}`);
console.log('\n' + summaries.join('\n'));
process.exit(failed ? 1 : 0);
