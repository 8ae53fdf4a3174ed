/**
 * vitest's global setup: one folder for the run's throw-away files
 * (scratchDir in src/content/testing.ts), removed when the run ends, whether
 * its tests passed or not; and one Firestore emulator for every cloud test
 * file of the run (started here without waiting, see startSharedFirestore),
 * stopped at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSharedFirestore } from '../scripts/firestore-emulator.mjs';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'nucleus-unit-'));
  process.env.NUCLEUS_SCRATCH_DIR = dir;
  const firestore = await startSharedFirestore();
  return async () => {
    await firestore?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
