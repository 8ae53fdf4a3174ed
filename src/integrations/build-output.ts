/**
 * Writes what the pages hand over after Astro rendered them: the static
 * content API answers (one file each, written here instead of through an
 * endpoint route, which cost a few milliseconds per file: most of a large
 * build) and the page HTML the incremental build reused from its cache
 * (src/content/renderCache.ts); newly rendered pages go into the cache.
 * Runs before the service worker and the compressed copies, which read dist/.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { handoff, htmlCache } from '../content/renderCache';
import { cacheFolder, sha, writeAtomic } from '../content/buildCache';
import { mark, startPhase, endPhase } from '../content/buildTiming';
import { pageFile } from '../content/pagePaths';

/** Writes `path → content` pairs under `out`, making each folder once. */
export function writeAll(out: string, files: Iterable<[string, string | Uint8Array]>): number {
  const made = new Set<string>();
  let n = 0;
  for (const [path, text] of files) {
    const file = join(out, path);
    const dir = dirname(file);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    writeFileSync(file, text);
    n++;
  }
  return n;
}

/** What the output writers log through (Astro's integration logger has these). */
export interface OutputLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** A written page: its render key, and the size, change time and inode its file had then. */
type Stamp = [key: string, size: number, mtimeMs: number, ino: number];

/**
 * What the last build left of the content pages in one output folder (in the
 * build cache, by the folder's path). A page whose key is unchanged and whose
 * file still has the recorded size, change time and inode (the quick check
 * rsync and make rely on) is the cached HTML already and is not copied again:
 * after a one-page change the rebuild writes one page, not thousands.
 */
function pageLedger(out: string) {
  const folder = cacheFolder('written');
  const file = folder && join(folder, `${sha(out)}.json`);
  let last: Record<string, Stamp> = {};
  try {
    if (file && existsSync(file)) last = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Stamp>;
  } catch {
    // A damaged ledger only costs copying every page again.
  }
  const next: Record<string, Stamp> = {};
  const stamp = (key: string, path: string): Stamp => {
    const st = statSync(path);
    return [key, st.size, st.mtimeMs, st.ino];
  };
  return {
    /** True when `path` is still the page last written there for `key`. */
    current(rel: string, key: string, path: string): boolean {
      const was = last[rel];
      if (!was || was[0] !== key) return false;
      const st = statSync(path, { throwIfNoEntry: false });
      return !!st && st.size === was[1] && st.mtimeMs === was[2] && st.ino === was[3];
    },
    record(rel: string, key: string, path: string): void {
      next[rel] = stamp(key, path);
    },
    save(): void {
      if (file) writeAtomic(file, JSON.stringify(next));
    },
  };
}

/**
 * Astro's own bookkeeping, which it writes into the output folder when that
 * lies outside the project (its `.astro` folder then sits there):
 * `data-store.json` only on some builds, so the output would depend on what
 * an earlier build left. None of it belongs to the site.
 */
const ASTRO_BOOKKEEPING = ['data-store.json', 'content-modules.mjs', 'content-assets.mjs', 'settings.json'];

function removeAstroBookkeeping(out: string): void {
  for (const name of ASTRO_BOOKKEEPING) {
    // A file of the same name in public/ is the site's own.
    if (!existsSync(join('public', name))) rmSync(join(out, name), { force: true });
  }
}

/**
 * Writes the handed-over API answers and the cached pages into `out`, and
 * caches the newly rendered ones. The content-only rebuild (scripts/build.ts)
 * calls it too, with the plan it made itself.
 */
export function writeBuildOutput(out: string, logger: OutputLogger): void {
  const started = startPhase();
  const h = handoff();
  if (!h.answers || !h.integrity || !h.buildId) {
    throw new Error('nucleus:build-output: the pages did not hand over the content API answers (src/pages/content.sqlite.ts and src/pages/[...slug].astro set them)');
  }
  removeAstroBookkeeping(out);
  const answers = writeAll(out, h.answers);
  endPhase('write static API answers', started);
  const pagesStarted = startPhase();
  const cache = htmlCache();
  let reused = 0;
  let copied = 0;
  if (cache) {
    const ledger = pageLedger(out);
    for (const page of h.pages) {
      const rel = pageFile(page.path);
      const file = join(out, rel);
      if (page.reused) {
        reused++;
        if (!ledger.current(rel, page.key, file)) {
          mkdirSync(dirname(file), { recursive: true });
          cache.copyTo(page.key, file);
          copied++;
        }
      } else {
        cache.adopt(page.key, file);
      }
      ledger.record(rel, page.key, file);
    }
    ledger.save();
    cache.prune(new Set(h.pages.map((p) => p.key)));
  }
  endPhase('copy cached pages in, cache new ones', pagesStarted);
  logger.info(`${answers} content API answers written; ${reused} of ${h.pages.length} pages reused from the build cache (${copied} copied, ${reused - copied} already in place)`);
  h.answers = undefined;
}

export default function buildOutput(): AstroIntegration {
  return {
    name: 'nucleus:build-output',
    hooks: {
      // With NUCLEUS_BUILD_TIMING=1 the hooks mark where Astro's own phases end.
      'astro:config:done': () => mark('astro:config:done'),
      'astro:build:start': () => {
        mark('astro:build:start');
        Object.assign(handoff(), { building: true, pages: [] });
      },
      'astro:build:setup': ({ target }) => mark(`astro:build:setup (${target})`),
      'astro:build:ssr': () => mark('astro:build:ssr (bundles done)'),
      'astro:build:generated': () => mark('astro:build:generated (pages rendered)'),
      'astro:build:done': ({ dir, logger }) => {
        mark('astro:build:done');
        writeBuildOutput(fileURLToPath(dir), logger);
      },
    },
  };
}
