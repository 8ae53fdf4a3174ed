import { basename, join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * `at('/rules')` is the URL of a site path under the project's base path, so
 * the same tests run at `/` and under a sub-path (`/guide/`).
 */
export const test = base.extend<{ at: (path: string) => string }, { basePath: string }>({
  basePath: ['', { option: true, scope: 'worker' }],
  at: async ({ basePath }, use) => {
    await use((path: string) => basePath.replace(/\/$/, '') + path);
  },
});

export { expect };

/** Escapes a string for use inside a RegExp. */
export function re(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Saves a screenshot for a person to look at (the layouts at 375, 1280 px,
 * the printed sheets), into `SHOTS_DIR` as `<spec>-<name>`, only when that
 * variable is set: no test reads them, and a full-page capture of an editor
 * costs seconds on a busy machine, a dozen times a run.
 */
export async function shoot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await target.screenshot({ path: join(dir, `${basename(base.info().file, '.spec.ts')}-${name}`), ...options });
}
