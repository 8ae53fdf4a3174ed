/**
 * Saves what the content-only rebuild (scripts/build.ts) needs to skip
 * `astro build` next time the code is unchanged, in the build cache folder of
 * this code version (`patch/`):
 *  - `bundle/`: Astro's prerender bundle that rendered the pages (its entry
 *    exports the app Astro's prerenderer renders with). A static build
 *    deletes it after `astro:build:generated`, so it is copied in that hook;
 *    where it is comes from Astro's own prerenderer, wrapped at
 *    `astro:build:start` (src/build/output.ts, watchPrerenderer in
 *    src/build/astro.ts);
 *  - `route.json`: how Astro rendered the catch-all route: the bundle's
 *    entry, the route's page-data key and stylesheets (from the build's page
 *    data, in the order every page got), the head scripts and the origin of
 *    the build's options;
 *  - `dist/`: the output folder without what the rebuild writes anew (content
 *    pages, which the HTML cache holds, and the data files);
 *  - `record.json`, written last: the shared and app keys
 *    and the catch-all route's paths.
 * It runs last among the integrations, after every file of dist/ is written.
 * The folder is removed when a build starts, so a failed build leaves none.
 */
import type { AstroIntegration, AstroConfig } from 'astro';
import { fileURLToPath } from 'node:url';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { cacheDir, flushWrites, sha } from './cache';
import { buildContext } from './context';
import { htmlCache } from './renderCache';
import { startPhase, endPhase } from './timing';
import { pageFile } from '../content';
import { CONTENT_DATABASE_FILE } from '../db';
import { openLedger } from './ledger';
import { snapshotRoute, type PageBuildData, type PrerenderBuild } from './astro';
import type { BuildSecurity } from '../security/build';

/** Bumped when what is saved changes shape: an older snapshot is then not used. */
export const SNAPSHOT_FORMAT = 6;

/** The catch-all route, whose pages the content-only rebuild renders. */
export const CONTENT_ROUTE = '/[...slug]';

export interface SnapshotRecord {
  format: number;
  sharedKey: string;
  /** The parts of the shared key by name (code, navigation, folders, catalogues). */
  sharedParts: Record<string, string>;
  appKey: string;
  /** The catch-all route's content pages and folder redirects. */
  paths: string[];
  redirects: string[];
  base: string;
  /** environmentKey() when the client code was bundled. */
  environment: string;
  /** The Content-Security-Policy's inputs and the policy the pages carry (src/integrations/security.ts). */
  security: BuildSecurity;
  /**
   * The files of the snapshot's dist/, relative and `/`-separated: a rebuild
   * need not walk its folders (one per content page, 5,000 empty ones at 5,000 pages).
   */
  files: string[];
}

/**
 * What Vite writes into the client code from the environment besides the
 * code version: PUBLIC_ variables (the Firebase configuration, emulator
 * hosts) and the .env files it reads them from.
 */
export function environmentKey(root = process.cwd()): string {
  const vars = Object.entries(process.env)
    .filter(([name]) => name.startsWith('PUBLIC_'))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const files = ['.env', '.env.local', '.env.production', '.env.production.local'].map((f) => (existsSync(join(root, f)) ? readFileSync(join(root, f), 'utf8') : null));
  return sha(JSON.stringify(vars), JSON.stringify(files));
}

export function snapshotDir(): string | null {
  const dir = cacheDir();
  return dir && join(dir, 'patch');
}

/** Top-level folders whose every file the content-only rebuild writes (see rewrittenByPatch). */
const REWRITTEN_FOLDERS = /^(api|search|builds)$/;

/** Files of dist/ that the content-only rebuild writes itself (relative, `/`-separated). */
export function rewrittenByPatch(rel: string, contentPages: Set<string>): boolean {
  if (/\.(br|gz)$/.test(rel)) return true;
  if ([CONTENT_DATABASE_FILE, 'search-index.json', 'sw.js', '_headers', 'serve.json'].includes(rel)) return true;
  if (/^(api|search|builds)\//.test(rel)) return true;
  return contentPages.has(rel);
}

/** What the files copied from the snapshot in `dir` are known by in the ledger: when it was saved. */
export function snapshotIdentity(dir: string): string {
  return `snapshot ${statSync(join(dir, 'record.json')).mtimeMs}`;
}

/** Files under `dir`, relative and `/`-separated. */
export function* filesOf(dir: string, prefix = ''): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* filesOf(join(dir, entry.name), `${prefix}${entry.name}/`);
    else yield `${prefix}${entry.name}`;
  }
}

export default function snapshot(): AstroIntegration {
  let config: AstroConfig | undefined;
  let pages: Map<string, PageBuildData> | undefined;
  let prerender: PrerenderBuild | Error | undefined;
  let staging: string | null = null;
  let bundled = false;
  return {
    name: 'nucleus:snapshot',
    hooks: {
      'astro:config:done': ({ config: c }) => {
        config = c;
      },
      'astro:build:start': () => {
        const dir = snapshotDir();
        bundled = false;
        prerender = undefined;
        if (!dir) return;
        // Where the prerender bundle is, once Astro's prerenderer (wrapped by src/build/output.ts) has loaded it.
        buildContext().beforePages?.push((build) => {
          prerender = build;
        });
        rmSync(dir, { recursive: true, force: true });
        staging = `${dir}.next`;
        rmSync(staging, { recursive: true, force: true });
      },
      'astro:build:setup': ({ pages: p, target }) => {
        // Astro's own PageBuildData (not exported) fits ours (astro.ts), which names the fields read.
        if (target === 'server') pages = p;
      },
      'astro:build:generated': ({ logger }) => {
        if (!staging || !config || !pages) return;
        if (!prerender || prerender instanceof Error) {
          logger.warn(`no snapshot for the content-only rebuild: ${prerender?.message ?? "Astro's prerenderer was not the one wrapped at astro:build:start (another integration set one)"}`);
          return;
        }
        const started = startPhase();
        const route = snapshotRoute(pages, CONTENT_ROUTE, prerender);
        if (!route) {
          logger.warn(`no snapshot for the content-only rebuild: the build has no route ${CONTENT_ROUTE}`);
          return;
        }
        // The whole bundle but the assets Astro moved out of it (none are left in a static build).
        const bundle = join(staging, 'bundle');
        for (const file of filesOf(prerender.bundleDir)) {
          if (file.startsWith('_astro/')) continue;
          mkdirSync(join(bundle, file, '..'), { recursive: true });
          cpSync(join(prerender.bundleDir, file), join(bundle, file));
        }
        writeFileSync(join(staging, 'route.json'), JSON.stringify(route));
        bundled = true;
        endPhase('snapshot: prerender bundle saved', started);
      },
      'astro:build:done': async ({ dir, logger }) => {
        // The cache files written in the background are complete before the build ends.
        await flushWrites();
        const h = buildContext();
        const target = snapshotDir();
        if (!staging || !target || !bundled || !config) return;
        if (!h.sharedKey || !h.appKey || !htmlCache()) {
          logger.warn('no snapshot for the content-only rebuild: the content pages did not hand over their keys');
          return;
        }
        if (!h.security?.policy) {
          logger.warn('no snapshot for the content-only rebuild: no page rendered the Content-Security-Policy');
          return;
        }
        const started = startPhase();
        const out = fileURLToPath(dir);
        const contentPages = new Set(h.pages.map((p) => pageFile(p.path)));
        const files: string[] = [];
        cpSync(out, join(staging, 'dist'), {
          recursive: true,
          filter: (src) => {
            const rel = relative(out, src).split(sep).join('/');
            // Whole folders the rebuild writes itself (10,000 static answers at 5,000 pages): not walked.
            if (REWRITTEN_FOLDERS.test(rel) && statSync(src).isDirectory()) return false;
            if (rel === '' || statSync(src).isDirectory()) return true;
            if (rewrittenByPatch(rel, contentPages)) return false;
            files.push(rel);
            return true;
          },
        });
        const record: SnapshotRecord = {
          format: SNAPSHOT_FORMAT,
          sharedKey: h.sharedKey,
          sharedParts: h.sharedParts ?? {},
          appKey: h.appKey,
          paths: h.pages.map((p) => p.path),
          redirects: h.redirects ?? [],
          base: config.base,
          environment: environmentKey(),
          security: h.security,
          files: files.sort(),
        };
        writeFileSync(join(staging, 'record.json'), JSON.stringify(record));
        renameSync(staging, target);
        // The output folder holds these files already: a content-only rebuild
        // into it need not copy them again (src/build/contentOnly.ts).
        const ledger = openLedger(out);
        ledger.keepAll();
        const identity = snapshotIdentity(target);
        for (const rel of files) ledger.record(rel, identity, join(out, rel));
        ledger.save();
        staging = null;
        endPhase('snapshot: output saved', started);
      },
    },
  };
}
