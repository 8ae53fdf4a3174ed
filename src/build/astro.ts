/**
 * The one place the build uses Astro's internals: the modules under
 * `astro/dist/` that its package exports do not list, and what they hold.
 * The content-only rebuild (src/build/contentOnly.ts) renders pages with
 * the prerender bundle a full build saved, through the app that bundle
 * exports, as Astro's default prerenderer does; the snapshot
 * (src/build/snapshot.ts) takes the bundle, the route's stylesheets and the
 * build's origin while the full build runs, through the public
 * `setPrerenderer` of `astro:build:start` (called by src/build/output.ts
 * with watchPrerenderer below).
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
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AstroPrerenderer } from 'astro';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The Astro versions this adapter was written for (major.minor.patch, from node_modules/astro/package.json). */
export const ASTRO_VERSIONS = { from: '7.3.0', below: '7.4.0' } as const;

/**
 * Each internal module used or relied on, and the exports taken from it with
 * their kind; a dotted name is a member (`BuildApp.prototype.setOptions`).
 * The prerender bundle carries its own copy of the app and its build
 * environment: these are checked here in Astro's dist/, the same code.
 */
export const ASTRO_INTERNALS: Record<string, Record<string, 'function' | 'object' | 'string'>> = {
  // The bundle's `app`: openBundle hands it the build's internals and options, then renders.
  'core/build/app.js': {
    BuildApp: 'function',
    'BuildApp.prototype.setInternals': 'function',
    'BuildApp.prototype.setOptions': 'function',
    'BuildApp.prototype.render': 'function',
  },
  // What the app's build environment reads of them (headElements; checked by src/build/astro.test.ts).
  'core/build/environment.js': { createBuildEnvironment: 'function' },
  'core/build/runtime.js': { getPageData: 'function', cssOrder: 'function', mergeInlineCss: 'function' },
  // The key of a route's page data (the snapshot records the build's own key; the test makes one).
  'core/build/plugins/util.js': { makePageDataKey: 'function' },
  // The default prerenderer: imports the entry, sets internals and options, exposes `.app`, renders with renderForPrerender.
  'core/build/default-prerenderer.js': { createDefaultPrerenderer: 'function' },
  'core/app/prerender.js': { renderForPrerender: 'function' },
  'core/request.js': { createRequest: 'function' },
  // Where the prerender bundle is while the pages render (removed after astro:build:generated).
  'prerender/utils.js': { getPrerenderOutputDirectory: 'function' },
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

/** `a.b.c` of `mod`, or undefined. */
function member(mod: unknown, name: string): unknown {
  let value = mod;
  for (const key of name.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[key];
  return value;
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
      const found = member(mod, name);
      if (typeof found !== kind) problems.push(`astro/dist/${path} has no ${kind} ${name} (found ${typeof found})`);
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
        for (const name of Object.keys(exports)) if (!name.includes('.')) all[name] = mod[name];
      }),
  );
  return all;
}

/** A page's build data as `astro:build:setup` hands it over (Astro's PageBuildData, the parts used). */
export interface PageBuildData {
  route: { route: string; component: string };
  styles: { depth: number; order: number; sheet: unknown }[];
}

type Styles = PageBuildData['styles'];

/** A script of Astro's settings (injectScript), the parts headElements reads. */
export interface InjectedScript {
  stage: string;
  content: string;
}

/** How the snapshot records the full build (`route.json`), for openBundle. */
export interface SnapshotRoute {
  /** The prerender bundle's entry module, relative to bundle/. */
  entry: string;
  /** The route the rebuild renders (RouteData.route), found in the bundle's own manifest. */
  route: string;
  /** The route's key in the build's page data (internals.pagesByKeys, which `astro:build:setup` hands over as `pages`). */
  pageKey: string;
  /** The route's stylesheets as the build left them (in the order settleStyleOrder keeps). */
  styles: Styles;
  /** The scripts headElements puts in every page: Astro's head-inline ones. */
  scripts: InjectedScript[];
  /** The origin the build renders pages under (Astro's build options: site, else localhost and the port). */
  origin: string;
}

/** What watchPrerenderer learns of a full build once its prerender bundle is loaded. */
export interface PrerenderBuild {
  /** The prerender bundle's folder; Astro removes it after `astro:build:generated`. */
  bundleDir: string;
  /** Its entry module, relative to bundleDir. */
  entry: string;
  origin: string;
  scripts: InjectedScript[];
}

/* Just the parts of Astro's internals the adapter uses. */
interface BuildAppLike {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  getOptions(): { origin: string; settings: { scripts: { stage: string; content?: string }[] } & Record<string, unknown> };
  manifest: { base: string; routes: { routeData: RouteDataLike }[] };
}
interface RouteDataLike {
  route: string;
  component: string;
}
interface RenderInternals {
  createRequest: (o: Record<string, unknown>) => Request;
  renderForPrerender: (app: BuildAppLike, request: Request, options: { routeData: RouteDataLike }) => Promise<{ response: Response }>;
  getPrerenderOutputDirectory: (settings: unknown) => URL;
}

const PRERENDER_ENTRY_PREFIX = 'prerender-entry';

/** The head-inline scripts of Astro's settings; throws if there is a page script, which the rebuild cannot resolve. */
function headScripts(scripts: { stage: string; content?: string }[]): InjectedScript[] {
  if (scripts.some((s) => s.stage === 'page')) throw new Error('the site injects page scripts, which the content-only rebuild does not add');
  return scripts.filter((s) => s.stage === 'head-inline').map((s) => ({ stage: s.stage, content: s.content ?? '' }));
}

/**
 * Wraps Astro's default prerenderer (for `setPrerenderer` at
 * `astro:build:start`): it renders every page as before, and once it has
 * loaded the prerender bundle (Vite's bundles are done, no page is rendered
 * yet: the moment Astro 5 called `astro:build:ssr`), `ready` is told where
 * that bundle is and what of the build's options the pages depend on, and
 * awaited. A problem in finding those is handed to `ready` as an Error and
 * does not stop the build; an error `ready` throws does, as a hook's would.
 */
export function watchPrerenderer(ready: (build: PrerenderBuild | Error) => void | Promise<void>): (defaultPrerenderer: AstroPrerenderer) => AstroPrerenderer {
  return (prerenderer) => ({
    name: prerenderer.name,
    async setup() {
      await prerenderer.setup?.();
      let build: PrerenderBuild | Error;
      try {
        const app = (prerenderer as AstroPrerenderer & { app?: BuildAppLike }).app;
        if (!app || typeof app.getOptions !== 'function') throw new Error("Astro's default prerenderer has no app");
        const { getPrerenderOutputDirectory } = (await loadInternals()) as unknown as RenderInternals;
        const options = app.getOptions();
        const bundleDir = fileURLToPath(getPrerenderOutputDirectory(options.settings));
        const entries = readdirSync(bundleDir).filter((f) => f.startsWith(PRERENDER_ENTRY_PREFIX) && f.endsWith('.mjs'));
        if (entries.length !== 1) throw new Error(`the prerender bundle has ${entries.length} entry modules`);
        build = { bundleDir, entry: entries[0]!, origin: options.origin, scripts: headScripts(options.settings.scripts) };
      } catch (e) {
        build = e as Error;
      }
      await ready(build);
    },
    getStaticPaths: async () => endpointsLast(await prerenderer.getStaticPaths()),
    render: (request, options) => prerenderer.render(request, options),
    ...(prerenderer.collectStaticImages && { collectStaticImages: () => prerenderer.collectStaticImages!() }),
    teardown: async () => prerenderer.teardown?.(),
  });
}

/**
 * The paths with the endpoints' after the pages', each in its order: the
 * data files' endpoints (the database, the search manifest) await the data
 * files worker, which makes them while the pages render; rendered first, the
 * main thread would wait for it, idle.
 */
function endpointsLast<T extends { route: { type: string } }>(paths: T[]): T[] {
  return [...paths.filter((p) => p.route.type !== 'endpoint'), ...paths.filter((p) => p.route.type === 'endpoint')];
}

/** The route record for the snapshot: the route's page data found by its route in the build's `pages`. */
export function snapshotRoute(pages: Map<string, PageBuildData>, route: string, build: PrerenderBuild): SnapshotRoute | null {
  const found = [...pages].find(([, page]) => page.route.route === route);
  if (!found) return null;
  const [pageKey, page] = found;
  // The order every page of the route got (settleStyleOrder): one more sort keeps it.
  return { entry: build.entry, route, pageKey, styles: page.styles.map(({ depth, order, sheet }) => ({ depth, order, sheet })), scripts: build.scripts, origin: build.origin };
}

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
 * page's stylesheets in place each time it renders a page (the build
 * environment's headElements) with cssOrder, and with a pair cssOrder puts
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

/** A route's stylesheets as Astro's build environment (headElements) puts them in a page: sorted in place by cssOrder, then merged. */
export async function pageStyles(styles: Styles): Promise<unknown[]> {
  const { cssOrder, mergeInlineCss } = await astroInternal<{ cssOrder: (a: unknown, b: unknown) => number; mergeInlineCss: (acc: unknown[], s: unknown) => unknown[] }>('core/build/runtime.js');
  return styles.sort(cssOrder).map(({ sheet }) => sheet).reduce(mergeInlineCss, []);
}

/**
 * What the prerender app's build environment reads of Astro's build
 * internals and options (headElements in core/build/environment.js: the
 * page data's stylesheets by route key, the page script's bundle, the
 * settings' scripts, the logger's destination), made from the snapshot.
 */
export function buildInputs(route: Pick<SnapshotRoute, 'route' | 'pageKey' | 'styles' | 'scripts' | 'origin'>, component: string, destination: { write(event: { level: string; label?: string | null; message: string }): boolean | void }) {
  settleStyleOrder(route.styles);
  return {
    internals: { pagesByKeys: new Map([[route.pageKey, { route: { route: route.route, component }, component, styles: route.styles }]]), entrySpecifierToBundleMap: new Map<string, string>() },
    options: { settings: { scripts: route.scripts }, origin: route.origin, logger: { options: { destination } } },
  };
}

/** Astro's warnings and errors while the rebuild renders, on stderr as the build prints them. */
const logDestination = {
  write({ level, label, message }: { level: string; label?: string | null; message: string }) {
    if (level === 'warn' || level === 'error') process.stderr.write(`[${label ?? 'astro'}] ${message}\n`);
    return true;
  },
};

/** The logger createRequest warns on (a page reading request headers). */
const requestLogger = { warn: (label: string | null, message: string) => logDestination.write({ level: 'warn', label, message }) };

export interface BundleRenderer {
  /** The HTML of the catch-all route's page at `path` (as its getStaticPaths gives it). */
  render(props: { path: string }): Promise<string>;
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
 * Renders pages of the catch-all route with the prerender bundle a full
 * build saved (src/build/snapshot.ts), the way `astro build` renders them:
 * the bundle's own `app` (a BuildApp) given the build's internals and
 * options as Astro's default prerenderer gives them (only what its build
 * environment reads: buildInputs), the route data from the bundle's
 * manifest, a request made as generate.js makes it, and
 * renderForPrerender. Opens the saved bundle in `dir` (the snapshot
 * folder); throws with a reason when it cannot be used.
 */
export async function openBundle(dir: string): Promise<BundleRenderer> {
  const saved = JSON.parse(readFileSync(join(dir, 'route.json'), 'utf8')) as SnapshotRoute;
  const bundle = join(dir, 'bundle');
  if (!existsSync(join(bundle, saved.entry))) throw new Error('the saved prerender bundle is incomplete');
  // Astro's internals have no public types; RenderInternals (above) names the parts used.
  const { createRequest, renderForPrerender } = (await loadInternals()) as unknown as RenderInternals;
  linkPackages(bundle);
  const { app } = (await import(/* @vite-ignore */ pathToFileURL(join(bundle, saved.entry)).href)) as { app?: BuildAppLike };
  if (!app || typeof app.setInternals !== 'function' || typeof app.setOptions !== 'function' || !app.manifest?.routes) throw new Error("the saved prerender bundle's entry exports no build app");
  const routeData = app.manifest.routes.map((r) => r.routeData).find((r) => r.route === saved.route);
  if (!routeData) throw new Error(`the saved prerender bundle has no route ${saved.route}`);
  const { internals, options } = buildInputs(saved, routeData.component, logDestination);
  app.setInternals(internals);
  app.setOptions(options);
  const trimmedBase = app.manifest.base.replace(/\/$/, '');
  return {
    async render({ path }) {
      // getUrlForPath in generate.js: directory format, a trailing slash.
      const url = new URL(`${trimmedBase}${path}/`, saved.origin);
      const request = createRequest({ url, headers: new Headers(), logger: requestLogger, isPrerendered: true, routePattern: routeData.component });
      const { response } = await renderForPrerender(app, request, { routeData });
      if (response.status !== 200) throw new Error(`rendering ${path} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer()).toString('utf8');
    },
  };
}
