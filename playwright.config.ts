import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 4399);
const SUB_PORT = PORT + 1;
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
// as any static host or CDN would serve the site.
const serve = (dir: string, port: number) => ({
  command: `npx serve ${dir} --listen tcp://127.0.0.1:${port} --no-clipboard --no-request-logging`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: !process.env.CI,
  timeout: 60_000,
});

export default defineConfig({
  testDir: 'tests/e2e',
  // The Firebase Auth and Firestore emulators for auth.spec.ts and cloud.spec.ts (started and stopped there).
  globalSetup: './tests/e2e/auth.setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // scripts/test.mjs adds a JSON report to print one summary line.
  reporter: process.env.PW_REPORTERS === 'json' ? [['list'], ['json']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
