/**
 * `npm run dev`: a change to a Markdown file or a catalogue shows in the open
 * browser without a restart, also in preview mode, where the page is rendered
 * from the local database (which is fetched again). The development server
 * runs on a copy of content/, so the tests can edit it.
 */
import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeScratch, removeScratch } from './scratch';
import { serverAnswers } from './waits';

/** A free port of this run's (playwright.config.ts picks it, or E2E_DEV_PORT names it). */
const PORT = Number(process.env.E2E_DEV_PORT || Number(process.env.E2E_PORT || 4399) + 2);
const URL = `http://127.0.0.1:${PORT}`;
let work = '';
let content = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  work = makeScratch('nucleus-dev-');
  content = join(work, 'content');
  cpSync('content', content, { recursive: true });
  server = spawn('npx', ['astro', 'dev', '--port', String(PORT), '--host', '127.0.0.1'], {
    env: { ...process.env, NUCLEUS_CONTENT_DIR: content, ASTRO_TELEMETRY_DISABLED: '1', NUCLEUS_BASE: '' },
    stdio: 'ignore',
    detached: true,
  });
  // The first answer waits for the page's first compile.
  await serverAnswers(`${URL}/rules/combat`, server, 170_000);
});

/** Whether any process of the server's group (npx, astro, its workers) still runs. */
function groupRuns(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

// The whole group goes, and the run waits until it has: nothing is left listening.
test.afterAll(async () => {
  const pid = server?.pid;
  if (pid && groupRuns(pid)) {
    process.kill(-pid, 'SIGTERM');
    try {
      await expect.poll(() => groupRuns(pid), { timeout: 10_000 }).toBe(false);
    } catch {
      process.kill(-pid, 'SIGKILL');
    }
  }
  removeScratch(work);
});

function edit(file: string, change: (text: string) => string): void {
  const path = join(content, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

test('a changed Markdown page shows in the open page without a restart', async ({ page }) => {
  await page.goto(`${URL}/rules/combat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();
  const started = Date.now();
  edit('2.rules/4.combat.md', (t) => t.replace('## When a fight starts\n\n', '## When a fight starts\n\nSirens wail across the deck as the first shot lands.\n\n'));
  await expect(page.getByText('Sirens wail across the deck as the first shot lands.')).toBeVisible({ timeout: 15_000 });
  test.info().annotations.push({ type: 'shown after', description: `${Date.now() - started} ms` });
});

test('in preview mode the local database is refreshed and the page renders again in place', async ({ page }) => {
  await page.goto(`${URL}/rules/core-mechanic?preview=true`);
  await expect(page.locator('html')).toHaveAttribute('data-rendered-from', 'database', { timeout: 20_000 });
  // A page reload would drop this mark: the change must arrive without one.
  await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
  edit('2.rules/1.core-mechanic.md', (t) => t.replace(/\n## /, '\nThe dice remember every broken promise.\n\n## '));
  await expect(page.getByText('The dice remember every broken promise.')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);
});

test('a changed catalogue shows in the page that lists it', async ({ page }) => {
  await page.goto(`${URL}/rules/gear-and-blueprints`);
  // The armour table may sit in a closed section: the text must be in the page.
  await expect(page.getByText('Padded Jacket').first()).toBeAttached({ timeout: 20_000 });
  edit('data/gear/armour.yml', (t) => t.replace('name: Padded Jacket', 'name: Quilted Spacer Jacket'));
  await expect(page.getByText('Quilted Spacer Jacket').first()).toBeAttached({ timeout: 15_000 });
  await expect(page.getByText('Padded Jacket')).toHaveCount(0);
});
