/**
 * The site of this process, loaded once: what the pages, layouts, data files
 * and the content-only rebuild read. A build keeps its parses on disk for the
 * next build (src/build/cache.ts); the development server keeps them in
 * memory (this module is loaded again when code changes, which drops them),
 * so a content edit re-parses one file. Node only.
 */
import { contentDirFromEnv, loadSite, type Site } from '../content';
import { openParseCache, ParseCache } from './cache';
import { buildContext } from './context';
import { timed } from './timing';

let cached: { dir: string; site: Site } | undefined;
let memory: ParseCache | undefined;

/** The site for the configured content folder, loaded once per process. */
export function getSite(dir = contentDirFromEnv()): Site {
  const context = buildContext();
  // The content-only rebuild loaded it already: the saved bundle's copy of this module takes that one.
  const given = context.site as Site | undefined;
  if (given && given.contentDir === dir) return given;
  if (!cached || cached.dir !== dir) {
    const cache = context.building ? openParseCache() : (memory = memory?.next() ?? new ParseCache(null));
    // Pages parsed on worker threads while Astro bundled (src/build/parseAhead.ts).
    if (cache && context.parsedAhead) cache.adopt(context.parsedAhead);
    context.parsedAhead = undefined;
    cached = { dir, site: timed('load content (read, parse or reuse, links, navigation)', () => loadSite(dir, { cache })) };
  }
  return cached.site;
}

/** Forgets the loaded site (the development server calls it when content changes). */
export function forgetSite(): void {
  cached = undefined;
}
