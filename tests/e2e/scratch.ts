/**
 * A throw-away folder for one spec's files, made when its tests start and
 * removed when they end. Made in `beforeAll`, not when the file is loaded:
 * Playwright loads spec files in its runner process too (to list the tests),
 * and a folder made there was only removed if that process ended cleanly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function makeScratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeScratch(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
