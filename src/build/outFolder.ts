/**
 * A full build writes the site beside the output folder and puts it in place
 * only once the whole build (every integration's check) succeeded: `astro
 * build` empties its output folder when it starts, so a build that failed
 * (bad content, a page the Content-Security-Policy blocks, an integration's
 * error) used to leave a served folder empty or half-written until the next
 * good build (issue 48). Node only.
 *
 * The swap is two renames on one file system: the old folder aside, the new
 * one in, then the old one removed. A server that opens files by path
 * (`npx serve`, `astro preview`, nginx) serves the old tree up to the first
 * rename and the new one from the second; in the microseconds between them
 * the folder is missing and a request can get a 404. A server that holds the
 * old folder open as its working directory keeps serving the old tree (then
 * removed) and must be restarted.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { moveLedger } from './ledger';

/** Where a full build of `out` writes: beside it, on the same file system, so that a rename moves it in. */
export function asideOf(out: string): string {
  return `${resolve(out)}.next`;
}

/** Where the last good folder waits while the new one is renamed in. */
const oldOf = (out: string) => `${resolve(out)}.old`;

/** Removes what an earlier build that failed or was stopped left beside `out`. */
export function clearAside(out: string): void {
  rmSync(asideOf(out), { recursive: true, force: true });
  rmSync(oldOf(out), { recursive: true, force: true });
}

/**
 * Puts the finished build `next` in place of `out`, with the ledger of what
 * was written there (src/build/ledger.ts), and removes the old folder.
 */
export function swapIn(next: string, out: string): void {
  const target = resolve(out);
  const old = oldOf(target);
  rmSync(old, { recursive: true, force: true });
  const hadOne = existsSync(target);
  if (hadOne) renameSync(target, old);
  try {
    renameSync(next, target);
  } catch (e) {
    // The last good folder goes back: a failed swap must not leave none.
    if (hadOne) renameSync(old, target);
    throw e;
  }
  moveLedger(next, target);
  rmSync(old, { recursive: true, force: true });
}
