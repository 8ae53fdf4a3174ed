import { defineConfig, devices } from '@playwright/test';
import { freePorts, portFromEnv } from './scripts/lib/ports.mjs';
import { readE2eBuild } from './scripts/lib/e2e-build.mjs';
import { DEFAULT_AUTH_PORT } from './scripts/emulators.mjs';

/**
 * This run's ports, each free when it starts unless a variable names it:
 * E2E_PORT (dist/), E2E_SUB_PORT (dist-sub/; E2E_PORT + 1 when only E2E_PORT
 * is named), E2E_DEV_PORT (dev-reload.spec.ts's dev server). They are picked
 * once, in the runner, and put in the environment, which its workers (they
 * load this file again) inherit. The Auth emulator's port is the one the
 * build baked in (scripts/build-e2e.mjs); tests/e2e/auth.setup.ts starts it
 * there, and the Firestore emulator on a free port of its own.
 */
async function pickPorts(env = process.env): Promise<void> {
  const named = portFromEnv('E2E_PORT', env);
  const [a, b, c] = await freePorts(3);
  env.E2E_PORT = String(named ?? a);
  env.E2E_SUB_PORT ??= String(named ? named + 1 : b);
  env.E2E_DEV_PORT ??= String(named ? named + 2 : c);
  env.NUCLEUS_E2E_AUTH_PORT ??= String(portFromEnv('AUTH_EMULATOR_PORT', env) ?? readE2eBuild()?.authPort ?? DEFAULT_AUTH_PORT);
}
if (!process.env.NUCLEUS_E2E_PORTS_PICKED) {
  await pickPorts();
  process.env.NUCLEUS_E2E_PORTS_PICKED = '1';
}
const PORT = Number(process.env.E2E_PORT);
const SUB_PORT = Number(process.env.E2E_SUB_PORT);
/** The sub-path build (`NUCLEUS_BASE=/guide/`), served from dist-sub/guide/. */
export const SUB_PATH = '/guide';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

// A plain static file server (404.html for missing files, no SPA fallback),
// as any static host or CDN would serve the site. Never one already running:
// on a named port that may be another clone's, serving another build
// (E2E_REUSE_SERVER=1 allows it, for a server you started yourself).
const serve = (dir: string, port: number) => ({
  command: `npx serve ${dir} --listen tcp://127.0.0.1:${port} --no-clipboard --no-request-logging`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
  // npx and the server's start on a loaded 2-core machine.
  timeout: 120_000,
});

export default defineConfig({
  testDir: 'tests/e2e',
  // The Firebase Auth and Firestore emulators for auth.spec.ts and cloud.spec.ts (started and stopped there).
  globalSetup: './tests/e2e/auth.setup.ts',
  fullyParallel: true,
  workers: 2,
  // E2E_RETRIES (0 turns them off) over the default: one retry in CI.
  retries: process.env.E2E_RETRIES ? Number(process.env.E2E_RETRIES) : process.env.CI ? 1 : 0,
  // scripts/test.mjs adds a JSON report to print one summary line.
  reporter: process.env.PW_REPORTERS === 'json' ? [['list'], ['json']] : [['list']],
  // Ceilings, not waits: a passing test ends as soon as what it waits for
  // shows. On a busy two-core machine (a second copy of the suite, a build,
  // load 20–30: docs/reliability.md) a step took up to ten times its quiet
  // time, and a 60 s ceiling failed axe scans of the long rules pages and
  // the sign-in dialog with nothing wrong. Tests set no lower ceiling of
  // their own (longer ones for the long table scenes); a hang still fails.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  use: {
    // Recording a trace (screencast and DOM snapshots of every action) made
    // each test take about a third more CPU, failing or not; a failing test
    // is run again in CI, and that second run records one.
    trace: 'on-first-retry',
    launchOptions: chromium,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    { name: 'root', testIgnore: /subpath\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${PORT}` } },
    {
      name: 'subpath',
      // A short smoke set of what a base path can break (links, assets,
      // search paths, the worker's scope, editor loading, 404); the reading,
      // search and editor specs run once, in the root project.
      testMatch: /subpath\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${SUB_PORT}`, basePath: SUB_PATH } as Record<string, unknown>,
    },
  ],
  webServer: [serve('dist', PORT), serve('dist-sub', SUB_PORT)],
});
