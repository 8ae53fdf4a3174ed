/**
 * Renders pages of the catch-all route with the server bundle a full build
 * saved (src/build/snapshot.ts), the way `astro build` renders them:
 * a pipeline built like Astro's BuildPipeline (core/build/pipeline.js: the
 * same `resolve` from entryModules, the route's stylesheets, no page scripts,
 * not server-like, not streaming) and a RenderContext per page, as
 * generatePath in core/build/generate.js makes it. These are Astro's
 * internal modules (its package exports do not list them), pinned by the
 * lockfile, which is part of the code version; scripts/build.ts checks the
 * result against a page the full build rendered before trusting it.
 */
import { existsSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { astroInternal, type SnapshotRoute } from './snapshot';

/* Just the parts of Astro's internals used here. */
type Manifest = Record<string, unknown> & { base: string; assetsPrefix?: unknown; entryModules: Record<string, string>; renderers: unknown[] };
interface PipelineClass {
  new (logger: unknown, manifest: Manifest, runtimeMode: string, renderers: unknown[], resolve: (s: string) => Promise<string>, serverLike: boolean, streaming: boolean): object;
}
interface RenderContextClass {
  create(options: Record<string, unknown>): Promise<{ render(mod: unknown): Promise<Response> }>;
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

/** Opens the saved bundle in `dir` (the snapshot folder); throws with a reason when it cannot be used. */
export async function openBundle(dir: string): Promise<BundleRenderer> {
  const route = JSON.parse(readFileSync(join(dir, 'route.json'), 'utf8')) as SnapshotRoute;
  const bundle = join(dir, 'bundle');
  if (!existsSync(join(bundle, route.module)) || !existsSync(join(bundle, 'renderers.mjs'))) throw new Error('the saved server bundle is incomplete');
  if (existsSync(join(bundle, 'middleware.mjs'))) throw new Error('the site has middleware, which the content-only rebuild does not run');
  const [{ Pipeline }, { RenderContext }, { createRequest }, { createAssetLink, createStylesheetElementSet }, { deserializeRouteData }, { Logger }, { nodeLogDestination }, { deserializeManifest }, { NOOP_MIDDLEWARE_FN }] =
    await Promise.all([
      astroInternal<{ Pipeline: PipelineClass }>('core/base-pipeline.js'),
      astroInternal<{ RenderContext: RenderContextClass }>('core/render-context.js'),
      astroInternal<{ createRequest: (o: Record<string, unknown>) => Request }>('core/request.js'),
      astroInternal<{ createAssetLink: (href: string, base: string, prefix: unknown) => string; createStylesheetElementSet: (s: unknown[], base: string, prefix: unknown) => Set<unknown> }>('core/render/ssr-element.js'),
      astroInternal<{ deserializeRouteData: (r: unknown) => { route: string; component: string } }>('core/routing/manifest/serialization.js'),
      astroInternal<{ Logger: new (o: Record<string, unknown>) => unknown }>('core/logger/core.js'),
      astroInternal<{ nodeLogDestination: unknown }>('core/logger/node.js'),
      astroInternal<{ deserializeManifest: (m: unknown) => Manifest }>('core/app/common.js'),
      astroInternal<{ NOOP_MIDDLEWARE_FN: unknown }>('core/middleware/noop-middleware.js'),
    ]);
  linkPackages(bundle);
  const saved = deserializeManifest(route.manifest);
  if (saved.entryModules[PAGE_SCRIPT_ID]) throw new Error('the site injects page scripts, which the content-only rebuild does not add');
  const { renderers } = (await import(pathToFileURL(join(bundle, 'renderers.mjs')).href)) as { renderers: unknown[] };
  const mod = await ((await import(pathToFileURL(join(bundle, route.module)).href)) as { page: () => Promise<unknown> | unknown }).page();
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
