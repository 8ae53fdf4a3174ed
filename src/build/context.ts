/**
 * The build context: the one typed object the build's steps share, from the
 * start of a build to its end: the page plan, the static API answers, the
 * keys the content-only rebuild compares, the Content-Security-Policy, the
 * site the rebuild loaded, and the cache files being written.
 *
 * Astro renders the pages in the process that runs the integration hooks, but
 * from its own server bundle, so the pages' copy of a module is not the
 * hooks' copy and module state is not shared; the content-only rebuild runs
 * that saved bundle too. So the context sits in ONE slot on globalThis, and
 * this file is the only one that reads or writes it: Astro's entry points
 * (the pages, the integration hooks, scripts/build.ts) take it from
 * `buildContext()`; every other function of the build is handed it.
 */
import type { BuildSecurity } from '../security/build';
import type { CacheFileState } from './cache';
import type { CompressionJob } from './compression';
import type { DataWorker } from './dataWorker';
import type { PrerenderBuild } from './astro';

export interface PagePlan {
  /** Route path (`/rules/combat`). */
  path: string;
  key: string;
  /** Cached HTML is copied in; the page was not rendered. */
  reused: boolean;
}

export interface BuildContext {
  /** Set when `astro build` or the content-only rebuild starts (never in `astro dev`). */
  building: boolean;
  /** The catch-all route's content pages, rendered or reused from the HTML cache. */
  pages: PagePlan[];
  /** Static API answers: path → JSON text, made with the database, written by src/build/output.ts. */
  answers?: Map<string, string>;
  /**
   * The search index's part files (path → JSON text), handed over with the
   * answers in a full build and written by src/build/output.ts: as routes,
   * Astro would ask for their paths before rendering any page, and so wait
   * for the data files worker (src/pages/search/[...file].json.ts).
   */
  searchParts?: Map<string, string>;
  /** Keys of what every page, and what the other routes' pages, show (renderCache.ts). */
  sharedKey?: string;
  sharedParts?: Record<string, string>;
  appKey?: string;
  /** Folder redirect pages of the catch-all route (rendered every build). */
  redirects?: string[];
  /**
   * The site the content-only rebuild loaded: the saved prerender bundle's own
   * copy of src/build/site.ts uses it instead of loading the content again.
   */
  site?: { contentDir: string };
  /**
   * The content pages the content-only rebuild renders with the saved
   * prerender bundle (the changed ones and the one it checks): Astro finds a
   * page's props in its route's getStaticPaths, which then lists just these.
   */
  renderOnly?: Set<string>;
  /**
   * The full build's steps for when Vite's bundles are done and no page is
   * rendered yet, in the integrations' order: each integration adds its own
   * at `astro:build:start`, and Astro's prerenderer, wrapped by the build
   * output integration (src/build/output.ts), runs them once it is set up.
   * Astro 7 calls `astro:build:ssr`, that moment in Astro 5, only for server builds.
   */
  beforePages?: ((build: PrerenderBuild | Error) => void | Promise<void>)[];
  /** The Content-Security-Policy's inputs and, once a page rendered it, the policy (src/integrations/security.ts). */
  security?: BuildSecurity;
  /** Cache files being written in the background (writeAtomicLater), and the first failure. */
  writes: Promise<void>;
  writeError?: Error;
  /** What each cache file this process saved holds once written, or read and shared (a cache opened later reads it from here). */
  cacheFiles: Map<string, CacheFileState>;
  /** The pages parsed on a worker thread while Astro bundled, serialised by cache key (src/build/parseAhead.ts). */
  parsedAhead?: Map<string, Uint8Array>;
  /** The database, search index and static answers being made on a worker thread (src/build/dataWorker.ts). */
  dataWorker?: DataWorker;
  /** The service worker's code being made on a worker thread, when not cached (src/build/serviceWorker.ts). */
  serviceWorkerCode?: Promise<void>;
  /** Compressed copies of data files under way, not yet written (src/build/compression.ts). */
  compressionJobs: CompressionJob[];
}

const SLOT: unique symbol = Symbol.for('nucleus.build.context');

/** This process's build context (made on first use). */
export function buildContext(): BuildContext {
  const g = globalThis as typeof globalThis & { [SLOT]?: BuildContext };
  return (g[SLOT] ??= { building: false, pages: [], writes: Promise.resolve(), cacheFiles: new Map(), compressionJobs: [] });
}
