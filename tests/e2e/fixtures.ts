import { test as base, expect } from '@playwright/test';

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
