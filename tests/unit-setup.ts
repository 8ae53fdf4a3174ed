/**
 * vitest's global setup: one folder for the run's throw-away files
 * (scratchDir in src/content/testing.ts), removed when the run ends, whether
 * its tests passed or not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'nucleus-unit-'));
  process.env.NUCLEUS_SCRATCH_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
