/**
 * Saves what the content-only rebuild (scripts/build.ts) needs to skip
 * `astro build` next time the code is unchanged, in the build cache folder of
 * this code version (`patch/`):
 *  - `bundle/`: Astro's server bundle that rendered the pages. A static build
 *    deletes it after `astro:build:generated` (cleanServerOutput in Astro's
 *    static-build.js), so it is copied in that hook;
 *  - `route.json`: how Astro rendered the catch-all route: its styles (from
 *    the build's page data, merged and ordered as Astro's BuildPipeline does),
 *    its route data and module, and the serialized manifest the
 *    `astro:build:ssr` hook receives (entryModules resolve island URLs);
 *  - `dist/`: the output folder without what the rebuild writes anew (content
 *    pages, which the HTML cache holds, and the data files);
 *  - `record.json`, written last: the shared and app keys
 *    and the catch-all route's paths.
 * It runs last among the integrations, after every file of dist/ is written.
 * The folder is removed when a build starts, so a failed build leaves none.
 */
import type { AstroIntegration, AstroConfig } from 'astro';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { cacheDir, flushWrites, handoff, sha } from './cache';
import { htmlCache } from './renderCache';
import { startPhase, endPhase } from './timing';
import { pageFile } from '../content/pagePaths';
import { openLedger } from './ledger';
import type { BuildSecurity } from '../security/build';

/** Bumped when what is saved changes shape: an older snapshot is then not used. */
export const SNAPSHOT_FORMAT = 5;

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

export interface SnapshotRoute {
  /** Serialized RouteData of the catch-all route (Astro's serializeRouteData). */
  routeData: unknown;
  /** Its page module, relative to bundle/. */
  module: string;
  /** Its stylesheets, as Astro's BuildPipeline.headElements takes them. */
  styles: unknown[];
  /** The origin the build renders pages under (Astro's BuildPipeline: site, else localhost and the port). */
  origin: string;
  /** The serialized SSR manifest from `astro:build:ssr`. */
  manifest: Record<string, unknown>;
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

/** Files of dist/ that the content-only rebuild writes itself (relative, `/`-separated). */
export function rewrittenByPatch(rel: string, contentPages: Set<string>): boolean {
  if (/\.(br|gz)$/.test(rel)) return true;
  if (['content.sqlite', 'search-index.json', 'sw.js', '_headers', 'serve.json'].includes(rel)) return true;
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

const astroRequire = createRequire(import.meta.url);
/**
 * Node's own import(): the Astro config, and this file with it, is loaded by
 * Vite's module runner, which is closed by the time the build hooks run.
 */
const nativeImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;

/** A module of Astro's own dist/ (its package exports do not list them). */
export function astroInternal<T>(path: string): Promise<T> {
  const root = fileURLToPath(new URL('.', pathToFileURL(astroRequire.resolve('astro/package.json'))));
  return nativeImport(pathToFileURL(join(root, 'dist', path)).href) as Promise<T>;
}

interface PageBuildData {
  route: { route: string; component: string };
  styles: { depth: number; order: number; sheet: unknown }[];
}

export default function snapshot(): AstroIntegration {
  let config: AstroConfig | undefined;
  let pages: Map<string, PageBuildData> | undefined;
  let manifest: Record<string, unknown> | undefined;
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
        if (!dir) return;
        rmSync(dir, { recursive: true, force: true });
        staging = `${dir}.next`;
        rmSync(staging, { recursive: true, force: true });
      },
      'astro:build:setup': ({ pages: p, target }) => {
        if (target === 'server') pages = p as unknown as Map<string, PageBuildData>;
      },
      'astro:build:ssr': ({ manifest: m }) => {
        manifest = m as unknown as Record<string, unknown>;
      },
      'astro:build:generated': async ({ dir, logger }) => {
        if (!staging || !config || !pages || !manifest) return;
        const started = startPhase();
        // Where Astro put the server bundle (getOutDirWithinCwd in its build/common.js).
        const out = fileURLToPath(dir);
        const server = out.startsWith(process.cwd()) ? out : join(process.cwd(), '.astro');
        const page = [...pages.values()].find((p) => p.route.route === CONTENT_ROUTE);
        // makeAstroPageEntryPointFileName in Astro's static-build.js.
        const module = `pages${CONTENT_ROUTE.replaceAll(/[[\]]/g, '_').replaceAll('...', '---')}.astro.mjs`;
        if (!page || !existsSync(join(server, module))) {
          logger.warn(`no snapshot for the content-only rebuild: the server bundle has no ${module}`);
          return;
        }
        const bundle = join(staging, 'bundle');
        for (const file of filesOf(server)) {
          if (!file.endsWith('.mjs') || file.startsWith('_astro/')) continue;
          mkdirSync(join(bundle, file, '..'), { recursive: true });
          cpSync(join(server, file), join(bundle, file));
        }
        const { cssOrder, mergeInlineCss } = await astroInternal<{ cssOrder: (a: unknown, b: unknown) => number; mergeInlineCss: (acc: unknown[], s: unknown) => unknown[] }>('core/build/internal.js');
        const { serializeRouteData } = await astroInternal<{ serializeRouteData: (r: unknown, t: string) => unknown }>('core/routing/manifest/serialization.js');
        const route: SnapshotRoute = {
          routeData: serializeRouteData(page.route, config.trailingSlash),
          module,
          styles: [...page.styles].sort(cssOrder).map(({ sheet }) => sheet).reduce(mergeInlineCss, []),
          origin: config.site ? new URL(config.site).origin : `http://localhost:${config.server.port}`,
          manifest,
        };
        writeFileSync(join(staging, 'route.json'), JSON.stringify(route));
        bundled = true;
        endPhase('snapshot: server bundle saved', started);
      },
      'astro:build:done': async ({ dir, logger }) => {
        // The cache files written in the background are complete before the build ends.
        await flushWrites();
        const h = handoff();
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
