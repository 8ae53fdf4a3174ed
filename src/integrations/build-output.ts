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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { handoff, htmlCache, toTemplate, fromTemplate } from '../content/renderCache';
import { mark, startPhase, endPhase } from '../content/buildTiming';

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
  const answers = writeAll(out, h.answers);
  endPhase('write static API answers', started);
  const pagesStarted = startPhase();
  const cache = htmlCache();
  let reused = 0;
  if (cache) {
    for (const page of h.pages) {
      const file = join(out, page.path.slice(1), 'index.html');
      if (page.reused) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, fromTemplate(cache.read(page.key), h.integrity, h.buildId));
        reused++;
      } else {
        cache.write(page.key, toTemplate(readFileSync(file, 'utf8'), h.integrity, h.buildId));
      }
    }
    cache.prune(new Set(h.pages.map((p) => p.key)));
  }
  endPhase('copy cached pages in, cache new ones', pagesStarted);
  logger.info(`${answers} content API answers written; ${reused} of ${h.pages.length} pages reused from the build cache`);
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
