// The one test command: unit tests (vitest), then the site build and the
// end-to-end tests (Playwright, Debian's Chromium). Prints one summary line
// per runner and fails when any test fails.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, existsSync } from 'node:fs';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
mkdirSync('test-results', { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const summaries = [];
let failed = false;

const unit = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']);
if (existsSync('test-results/unit.json')) {
  const r = JSON.parse(readFileSync('test-results/unit.json', 'utf8'));
  // A test file that fails to load counts as a failure too.
  const failedFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  summaries.push(`unit: ${r.numPassedTests} passed, ${r.numFailedTests + failedFiles} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped`);
}
if (unit !== 0) failed = true;

const steps = process.argv.includes('--unit') ? [] : ['e2e'];
if (steps.includes('e2e')) {
  if (run('node', ['scripts/ensure-chromium.mjs']) !== 0) failed = true;
  else if (run('node', ['scripts/build-e2e.mjs']) !== 0) {
    summaries.push('build: failed');
    failed = true;
  } else {
    const e2e = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json', PW_REPORTERS: 'json' });
    if (existsSync('test-results/e2e.json')) {
      const s = JSON.parse(readFileSync('test-results/e2e.json', 'utf8')).stats;
      summaries.push(`e2e: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
    }
    if (e2e !== 0) failed = true;
  }
}

console.log('\n' + summaries.join('\n'));
process.exit(failed ? 1 : 0);
