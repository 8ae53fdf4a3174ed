/**
 * The one place the build uses Astro's internals: the modules under
 * `astro/dist/` that its package exports do not list, and what they hold.
 * The content-only rebuild (src/build/contentOnly.ts) renders pages with
 * Astro's own render pipeline from the server bundle a full build saved;
 * the snapshot (src/build/snapshot.ts) saves the route's stylesheets and
 * data as Astro orders and serialises them.
 *
 * Written for, and checked against, the Astro versions in ASTRO_VERSIONS.
 * Another version (an upgrade) makes the content-only rebuild fall back to
 * `astro build` with the reason (`internalsProblem`), and
 * src/build/astro.test.ts fails, naming each module or export that moved,
 * until this file is checked against the new version and the range updated.
 * A change the checks cannot see is caught by the rebuild's safety net (an
 * unchanged page rendered by the saved bundle must equal the full build's
 * HTML byte for byte).
 */
import { existsSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The Astro versions this adapter was written for (major.minor.patch, from node_modules/astro/package.json). */
export const ASTRO_VERSIONS = { from: '5.18.0', below: '5.19.0' } as const;

/** Each internal module used, and the exports taken from it with their kind. */
export const ASTRO_INTERNALS: Record<string, Record<string, 'function' | 'object' | 'string'>> = {
  'core/base-pipeline.js': { Pipeline: 'function' },
  'core/render-context.js': { RenderContext: 'function' },
  'core/request.js': { createRequest: 'function' },
  'core/render/ssr-element.js': { createAssetLink: 'function', createStylesheetElementSet: 'function' },
  'core/routing/manifest/serialization.js': { deserializeRouteData: 'function', serializeRouteData: 'function' },
  'core/logger/core.js': { Logger: 'function' },
  'core/logger/node.js': { nodeLogDestination: 'object' },
  'core/app/common.js': { deserializeManifest: 'function' },
  'core/middleware/noop-middleware.js': { NOOP_MIDDLEWARE_FN: 'function' },
  'core/build/internal.js': { cssOrder: 'function', mergeInlineCss: 'function' },
};

const astroRequire = createRequire(import.meta.url);
/**
 * Node's own import(): the Astro config, and the integrations with it, are
 * loaded by Vite's module runner, which is closed by the time the build hooks run.
 */
const nativeImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;

function astroRoot(): string {
  return fileURLToPath(new URL('.', pathToFileURL(astroRequire.resolve('astro/package.json'))));
}

/** The installed Astro's version. */
export function astroVersion(): string {
  return (JSON.parse(readFileSync(join(astroRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

const parts = (v: string) => v.split(/[.-]/).slice(0, 3).map(Number);
function below(a: string, b: string): boolean {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
}

/** A module of Astro's own dist/ (its package exports do not list them). */
async function astroInternal<T>(path: string): Promise<T> {
  const url = pathToFileURL(join(astroRoot(), 'dist', path)).href;
  try {
    return (await nativeImport(url)) as T;
  } catch (e) {
    // A host without Node's own import() in a Function (vitest's module runner) imports it itself.
    if ((e as NodeJS.ErrnoException).code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING') throw e;
    return (await import(/* @vite-ignore */ url)) as T;
  }
}

/**
 * Why the installed Astro cannot be used through this adapter, or null: a
 * version outside ASTRO_VERSIONS, a module gone, an export missing or of
 * another kind. One sentence per problem.
 */
export async function internalsProblems(version = astroVersion()): Promise<string[]> {
  const problems: string[] = [];
  if (below(version, ASTRO_VERSIONS.from) || !below(version, ASTRO_VERSIONS.below)) {
    problems.push(`Astro ${version} is installed; src/build/astro.ts was written for ${ASTRO_VERSIONS.from} up to (not including) ${ASTRO_VERSIONS.below}`);
  }
  for (const [path, exports] of Object.entries(ASTRO_INTERNALS)) {
    let mod: Record<string, unknown>;
    try {
      mod = await astroInternal<Record<string, unknown>>(path);
    } catch (e) {
      problems.push(`astro/dist/${path} cannot be loaded (${(e as Error).message.split('\n')[0]})`);
      continue;
    }
    for (const [name, kind] of Object.entries(exports)) {
      if (typeof mod[name] !== kind) problems.push(`astro/dist/${path} has no ${kind} ${name} (found ${typeof mod[name]})`);
    }
  }
  return problems;
}

/** The first of internalsProblems as the content-only rebuild's reason to fall back, or null. */
export async function internalsProblem(): Promise<string | null> {
  const problems = await internalsProblems();
  return problems.length ? `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}` : null;
}

/** Every internal export the adapter takes, by name. */
async function loadInternals(): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(ASTRO_INTERNALS)
      .map(async ([path, exports]) => {
        const mod = await astroInternal<Record<string, unknown>>(path);
        for (const name of Object.keys(exports)) all[name] = mod[name];
      }),
  );
  return all;
}

/** How the snapshot records the catch-all route (`route.json`), for openBundle. */
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

/** A page's build data as `astro:build:setup` hands it over (Astro's PageBuildData, the parts used). */
export interface PageBuildData {
  route: { route: string; component: string };
  styles: { depth: number; order: number; sheet: unknown }[];
}

/** The server bundle's file of a route's page (makeAstroPageEntryPointFileName in Astro's static-build.js). */
export function pageModuleOf(route: string): string {
  return `pages${route.replaceAll(/[[\]]/g, '_').replaceAll('...', '---')}.astro.mjs`;
}

/** Where Astro put the server bundle of a static build writing to `out` (getOutDirWithinCwd in its build/common.js). */
export function serverBundleDir(out: string): string {
  return out.startsWith(process.cwd()) ? out : join(process.cwd(), '.astro');
}

type Styles = PageBuildData['styles'];

/**
 * `compare`, with the pairs it orders both ways (a before b, and b before a)
 * made equal. Astro's cssOrder does that for two stylesheets of one page's
 * script at one place in its imports (depth -1, same order): it puts each
 * before the other.
 */
function consistent<T>(compare: (a: T, b: T) => number): (a: T, b: T) => number {
  return (a, b) => {
    const ab = Math.sign(compare(a, b));
    return ab === Math.sign(compare(b, a)) ? 0 : ab;
  };
}

/**
 * Gives a route's stylesheets one order for all its pages. Astro sorts a
 * page's stylesheets in place each time it renders a page
 * (BuildPipeline.headElements) with cssOrder, and with a pair cssOrder puts
 * each before the other, every sort swaps that pair: the pages' `<link>`s
 * then alternated from one page to the next, and a page's HTML depended on
 * how many pages were rendered before it (a build that takes pages from
 * the HTML cache renders fewer), so an incremental build could differ from
 * a clean one. With the pair equal, the sort (stable) keeps the order Astro
 * added them in. Called at `astro:build:setup`, before Astro adds or sorts any.
 */
export function settleStyleOrder(styles: Styles): void {
  const sort = Array.prototype.sort;
  Object.defineProperty(styles, 'sort', {
    configurable: true,
    value(this: Styles, compare?: (a: Styles[number], b: Styles[number]) => number) {
      return sort.call(this, compare && consistent(compare));
    },
  });
}

/** A route's stylesheets as Astro's BuildPipeline.headElements puts them in a page: sorted in place by cssOrder, then merged. */
export async function pageStyles(styles: Styles): Promise<unknown[]> {
  const { cssOrder, mergeInlineCss } = await astroInternal<{ cssOrder: (a: unknown, b: unknown) => number; mergeInlineCss: (acc: unknown[], s: unknown) => unknown[] }>('core/build/internal.js');
  return styles.sort(cssOrder).map(({ sheet }) => sheet).reduce(mergeInlineCss, []);
}

/** The route as the content-only rebuild renders it: stylesheets merged and ordered as Astro's BuildPipeline does, route data serialised. */
export async function snapshotRoute(page: PageBuildData, module: string, config: { trailingSlash: string; site?: string; server: { port: number } }, manifest: Record<string, unknown>): Promise<SnapshotRoute> {
  const { serializeRouteData } = await astroInternal<{ serializeRouteData: (r: unknown, t: string) => unknown }>('core/routing/manifest/serialization.js');
  return {
    routeData: serializeRouteData(page.route, config.trailingSlash),
    module,
    // The order every page of the route got (settleStyleOrder): one more sort keeps it.
    styles: await pageStyles(page.styles),
    origin: config.site ? new URL(config.site).origin : `http://localhost:${config.server.port}`,
    manifest,
  };
}

/* Just the parts of Astro's internals the renderer uses. */
type Manifest = Record<string, unknown> & { base: string; assetsPrefix?: unknown; entryModules: Record<string, string>; renderers: unknown[] };
interface PipelineClass {
  new (logger: unknown, manifest: Manifest, runtimeMode: string, renderers: unknown[], resolve: (s: string) => Promise<string>, serverLike: boolean, streaming: boolean): object;
}
interface RenderContextClass {
  create(options: Record<string, unknown>): Promise<{ render(mod: unknown): Promise<Response> }>;
}
interface RenderInternals {
  Pipeline: PipelineClass;
  RenderContext: RenderContextClass;
  createRequest: (o: Record<string, unknown>) => Request;
  createAssetLink: (href: string, base: string, prefix: unknown) => string;
  createStylesheetElementSet: (s: unknown[], base: string, prefix: unknown) => Set<unknown>;
  deserializeRouteData: (r: unknown) => { route: string; component: string };
  Logger: new (o: Record<string, unknown>) => unknown;
  nodeLogDestination: unknown;
  deserializeManifest: (m: unknown) => Manifest;
  NOOP_MIDDLEWARE_FN: unknown;
}

const PAGE_SCRIPT_ID = 'astro:scripts/page.js';
const BEFORE_HYDRATION_SCRIPT_ID = 'astro:scripts/before-hydration.js';

export interface BundleRenderer {
  /** The HTML of the catch-all route's page at `path` (props as its getStaticPaths gives them). */
  render(props: { path: string; redirect?: string }): Promise<string>;
}

/**
 * The bundle imports its packages by name (`react`). Inside the project
 * (the cache's default place) Node finds them in node_modules/ above it; a
 * cache folder elsewhere (NUCLEUS_CACHE_DIR, or a cache copied or restored
 * there) gets a link to the project's node_modules/, made when the bundle is
 * opened, so a moved project or cache does not keep a stale one.
 */
function linkPackages(bundle: string): void {
  if (!relative(process.cwd(), bundle).startsWith('..')) return;
  const link = join(bundle, 'node_modules');
  const target = join(process.cwd(), 'node_modules');
  try {
    if (readlinkSync(link) === target) return;
  } catch {
    // no link yet
  }
  rmSync(link, { force: true });
  symlinkSync(target, link, 'dir');
}

/**
 * Renders pages of the catch-all route with the server bundle a full build
 * saved (src/build/snapshot.ts), the way `astro build` renders them: a
 * pipeline built like Astro's BuildPipeline (core/build/pipeline.js: the
 * same `resolve` from entryModules, the route's stylesheets, no page scripts,
 * not server-like, not streaming) and a RenderContext per page, as
 * generatePath in core/build/generate.js makes it. Opens the saved bundle in
 * `dir` (the snapshot folder); throws with a reason when it cannot be used.
 */
export async function openBundle(dir: string): Promise<BundleRenderer> {
  const route = JSON.parse(readFileSync(join(dir, 'route.json'), 'utf8')) as SnapshotRoute;
  const bundle = join(dir, 'bundle');
  if (!existsSync(join(bundle, route.module)) || !existsSync(join(bundle, 'renderers.mjs'))) throw new Error('the saved server bundle is incomplete');
  if (existsSync(join(bundle, 'middleware.mjs'))) throw new Error('the site has middleware, which the content-only rebuild does not run');
  const { Pipeline, RenderContext, createRequest, createAssetLink, createStylesheetElementSet, deserializeRouteData, Logger, nodeLogDestination, deserializeManifest, NOOP_MIDDLEWARE_FN } =
    // Astro's internals have no public types; RenderInternals (above) names the parts used.
    (await loadInternals()) as unknown as RenderInternals;
  linkPackages(bundle);
  const saved = deserializeManifest(route.manifest);
  if (saved.entryModules[PAGE_SCRIPT_ID]) throw new Error('the site injects page scripts, which the content-only rebuild does not add');
  const { renderers } = (await import(/* @vite-ignore */ pathToFileURL(join(bundle, 'renderers.mjs')).href)) as { renderers: unknown[] };
  const mod = await ((await import(/* @vite-ignore */ pathToFileURL(join(bundle, route.module)).href)) as { page: () => Promise<unknown> | unknown }).page();
  // What createBuildManifest (generate.js) gives a static build's pipeline.
  const manifest: Manifest = { ...saved, routes: [], assets: new Set(), renderers, middleware: () => ({ onRequest: NOOP_MIDDLEWARE_FN }) };
  const { base, assetsPrefix } = manifest;
  const logger = new Logger({ dest: nodeLogDestination, level: 'warn' });
  const resolved = new Map<string, string>();
  // BuildPipeline's resolve: island and script URLs from the bundle's entry modules.
  const resolve = async (specifier: string): Promise<string> => {
    const hashed = manifest.entryModules[specifier];
    if (typeof hashed !== 'string' || hashed === '') {
      if (specifier === BEFORE_HYDRATION_SCRIPT_ID) return '';
      throw new Error(`Cannot find the built path for ${specifier}`);
    }
    if (!resolved.has(specifier)) resolved.set(specifier, createAssetLink(hashed, base, assetsPrefix));
    return resolved.get(specifier)!;
  };
  class PatchPipeline extends Pipeline {
    headElements() {
      return { links: new Set(), scripts: new Set(), styles: createStylesheetElementSet(route.styles, base, assetsPrefix) };
    }
    componentMetadata() {}
    async getComponentByRoute() {
      return mod;
    }
    async tryRewrite(): Promise<never> {
      throw new Error('a page rewrites to another route, which the content-only rebuild does not follow');
    }
  }
  const pipeline = new PatchPipeline(logger, manifest, 'production', renderers, resolve, false, false);
  const routeData = deserializeRouteData(route.routeData);
  const trimmedBase = base.replace(/\/$/, '');
  return {
    async render(props) {
      // getUrlForPath in generate.js: directory format, a trailing slash.
      const url = new URL(`${trimmedBase}${props.path}/`, route.origin);
      const request = createRequest({ url, headers: new Headers(), logger, isPrerendered: true, routePattern: routeData.component });
      const context = await RenderContext.create({ pipeline, pathname: props.path, request, routeData, clientAddress: undefined, props });
      const response = await context.render(mod);
      if (response.status !== 200) throw new Error(`rendering ${props.path} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer()).toString('utf8');
    },
  };
}
