/**
 * The short smoke test a content-only push runs before it deploys
 * (`npm run test:smoke`, .github/workflows/site.yml): the built dist/,
 * served by a plain static server under its base path (NUCLEUS_BASE, as it
 * will be published), opened in Chromium. The full suite (playwright.config.ts)
 * runs for every other change.
 */
import { defineConfig } from '@playwright/test';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import base from './playwright.config';

const PORT = Number(process.env.E2E_PORT || 4399);
const BASE = `/${(process.env.NUCLEUS_BASE ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');

/** A folder that serves dist/ under the base path (a link, inside the project's cache). */
function siteRoot(): string {
  if (BASE === '/') return resolve('dist');
  const root = resolve('node_modules/.cache/nucleus-smoke');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, BASE, '..'), { recursive: true });
  symlinkSync(resolve('dist'), join(root, BASE.replace(/\/$/, '')), 'dir');
  return root;
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /smoke\.spec\.ts$/,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}${BASE}` },
  webServer: {
    command: `node node_modules/serve/build/main.js ${siteRoot()} --symlinks --listen tcp://127.0.0.1:${PORT} --no-clipboard --no-request-logging`,
    url: `http://127.0.0.1:${PORT}${BASE}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
