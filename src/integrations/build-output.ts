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
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { handoff, htmlCache } from '../content/renderCache';
import { openLedger, type Ledger } from './ledger';
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
 * Writes the static API answers into `out`. Their names carry the content
 * integrity, which every content change renews, but after a one-page change
 * almost all of them say what they said: an answer already there under the
 * old integrity with the same text is renamed, not written again (on a
 * 5,000-page site, 10,000 renames instead of 55 MB of new files). Answer
 * files of the folders written that no answer names any more are removed.
 */
function writeAnswers(out: string, answers: Map<string, string>): { written: number; renamed: number } {
  /** Per answer folder: the files there now, by the query hash that starts their name. */
  const folders = new Map<string, { byHash: Map<string, string>; names: string[] }>();
  const wanted = new Set<string>();
  const hashOf = (name: string) => name.slice(0, name.indexOf('.'));
  let written = 0;
  let renamed = 0;
  for (const [path, text] of answers) {
    const file = join(out, path);
    const dir = dirname(file);
    let folder = folders.get(dir);
    if (!folder) {
      const names = existsSync(dir) ? readdirSync(dir) : [];
      if (!names.length) mkdirSync(dir, { recursive: true });
      folder = { byHash: new Map(names.map((n) => [hashOf(n), n])), names };
      folders.set(dir, folder);
    }
    const name = basename(file);
    wanted.add(name);
    const old = folder.byHash.get(hashOf(name));
    if (old !== undefined && readFileSync(join(dir, old), 'utf8') === text) {
      if (old === name) continue;
      // Claimed once: a second answer with this hash (none in a static build) is written.
      folder.byHash.delete(hashOf(name));
      renameSync(join(dir, old), file);
      renamed++;
      continue;
    }
    writeFileSync(file, text);
    written++;
  }
  for (const [dir, { names }] of folders) {
    for (const name of names) if (!wanted.has(name)) rmSync(join(dir, name), { force: true });
  }
  return { written, renamed };
}

/**
 * Writes the handed-over API answers and the cached pages into `out`, and
 * caches the newly rendered ones. The content-only rebuild (scripts/build.ts)
 * calls it too, with the plan it made itself and the ledger it has begun.
 */
export function writeBuildOutput(out: string, logger: OutputLogger, ledger: Ledger = openLedger(out)): void {
  const started = startPhase();
  const h = handoff();
  if (!h.answers) {
    throw new Error('nucleus:build-output: the pages did not hand over the content API answers (src/pages/content.sqlite.ts and src/pages/[...slug].astro set them)');
  }
  removeAstroBookkeeping(out);
  const answers = writeAnswers(out, h.answers);
  endPhase('write static API answers', started);
  const pagesStarted = startPhase();
  const cache = htmlCache();
  let reused = 0;
  let copied = 0;
  if (cache) {
    for (const page of h.pages) {
      const rel = pageFile(page.path);
      const file = join(out, rel);
      if (page.reused) {
        reused++;
        if (ledger.current(rel, page.key, file)) continue;
        mkdirSync(dirname(file), { recursive: true });
        cache.copyTo(page.key, file);
        copied++;
      } else {
        cache.adopt(page.key, file);
      }
      ledger.record(rel, page.key, file);
    }
    cache.prune(new Set(h.pages.map((p) => p.key)));
  }
  ledger.save();
  endPhase('copy cached pages in, cache new ones', pagesStarted);
  logger.info(`${answers.written + answers.renamed} content API answers written (${answers.renamed} of them renamed from the last build); ${reused} of ${h.pages.length} pages reused from the build cache (${copied} copied, ${reused - copied} already in place)`);
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
