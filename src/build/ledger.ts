/**
 * What the last build wrote into one output folder (kept in the build cache,
 * by the folder's path): for each file, the identity of what was written (a
 * page's render key, the snapshot it was copied from) and the size, change
 * time and inode the file had then. A file whose identity is unchanged and
 * which still has that size, time and inode (the quick check rsync and make
 * rely on) is left as it is: after a one-page change the rebuild writes one
 * page, not thousands, and a file changed or replaced by hand is written
 * again. Node only.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cacheFolder, sha, writeAtomic } from './cache';

type Stamp = [identity: string, size: number, mtimeMs: number, ino: number];

export interface Ledger {
  /** True when `file` (at `rel`) is still what was last written there as `identity`; it then stays recorded. */
  current(rel: string, identity: string, file: string): boolean;
  /** Records the file just written. */
  record(rel: string, identity: string, file: string): void;
  /** Keeps every entry the last build recorded (for a step that only adds to them). */
  keepAll(): void;
  /** Keeps what this build recorded (and only that) for the next one. */
  save(): void;
}

/** Where the ledger of the folder `out` is kept (by its path). */
function ledgerFile(out: string): string | null {
  const folder = cacheFolder('written');
  // Astro names the folder with a trailing slash, scripts/build.ts without.
  return folder && join(folder, `${sha(resolve(out))}.json`);
}

/**
 * The folder written as `from` is now `to` (src/build/outFolder.ts renamed
 * it): its files keep their size, change time and inode, so its ledger
 * becomes `to`'s, replacing what `to` had.
 */
export function moveLedger(from: string, to: string): void {
  const source = ledgerFile(from);
  const target = ledgerFile(to);
  if (!source || !target) return;
  if (existsSync(source)) renameSync(source, target);
  else rmSync(target, { force: true });
}

export function openLedger(out: string): Ledger {
  const path = ledgerFile(out);
  let last: Record<string, Stamp> = {};
  try {
    if (path && existsSync(path)) last = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Stamp>;
  } catch {
    // A damaged ledger only costs writing every file again.
  }
  const next: Record<string, Stamp> = {};
  return {
    current(rel, identity, file) {
      const was = last[rel];
      if (!was || was[0] !== identity) return false;
      const st = statSync(file, { throwIfNoEntry: false });
      const same = !!st && st.size === was[1] && st.mtimeMs === was[2] && st.ino === was[3];
      if (same) next[rel] = was;
      return same;
    },
    record(rel, identity, file) {
      const st = statSync(file);
      next[rel] = [identity, st.size, st.mtimeMs, st.ino];
    },
    keepAll() {
      Object.assign(next, last);
    },
    save() {
      if (path) writeAtomic(path, JSON.stringify(next));
    },
  };
}
