/**
 * The development server answers any content query (DECISIONS.md "Content API
 * paths"): the long form `/api/content/query/{hash}.{integrity}.{params}.json`
 * and the query-parameter form `?_params=…&previewToken=…`. A static build has
 * only the short form; anything else runs on the local database there.
 */
import type { AstroIntegration } from 'astro';
import type { ViteDevServer } from 'vite';
import { relative, resolve, sep } from 'node:path';
import type { ContentDatabase } from '../db';
import { parseContentApiPath } from '../db/api-paths';
import { QueryError } from '../query/errors';

export interface DevApiAnswer {
  status: number;
  body: unknown;
}

/** Answers one request path (with its query string), or null when it is not a content API path. */
export async function answerContentRequest(pathWithQuery: string, database: () => Promise<ContentDatabase>): Promise<DevApiAnswer | null> {
  const url = new URL(pathWithQuery, 'http://dev');
  if (!url.pathname.startsWith('/api/content/')) return null;
  try {
    const parsed = parseContentApiPath(url.pathname);
    const kind = parsed?.kind ?? (url.pathname.startsWith('/api/content/navigation') ? 'navigation' : 'query');
    let params: unknown = parsed?.params;
    const raw = url.searchParams.get('_params');
    if (params === undefined && raw !== null) {
      try {
        params = JSON.parse(raw);
      } catch {
        throw new QueryError('_params', `'_params' must be JSON query parameters (got ${raw.slice(0, 40)})`);
      }
    }
    const db = await database();
    if (kind === 'navigation') return { status: 200, body: db.navigation() };
    if (params === undefined) return { status: 404, body: { error: 'Not found: this query has no answer here; pass its parameters (long form or ?_params=).' } };
    return { status: 200, body: { result: db.query(params) } };
  } catch (e) {
    if (e instanceof QueryError) return { status: 400, body: { error: e.message, parameter: e.parameter } };
    throw e;
  }
}

/** The event the browser hears when content changed (src/scripts/dev-content.ts). */
export const CONTENT_CHANGED = 'nucleus:content-changed';

/** The content file a watched path names, or null when it is not content (Markdown, YAML, JSON under the content folder). */
export function contentFileOf(path: string, contentDir: string): string | null {
  const rel = relative(contentDir, resolve(path));
  if (!rel || rel.startsWith('..') || rel.split(sep).some((s) => s.startsWith('.'))) return null;
  return /\.(md|ya?ml|json)$/i.test(rel) ? rel.split(sep).join('/') : null;
}

/** A module loader of the development server. */
type ModuleImport = (id: string) => Promise<Record<string, unknown>>;

/**
 * The module runners Astro renders pages with in development: Vite 8's
 * runnable server environments (Astro 7 renders prerendered pages in
 * `prerender`, others in `ssr`). The site and catalogues are module state,
 * so they must be forgotten in the very module instances those runners
 * hold: `ssrLoadModule` has copies of its own, and forgetting there left
 * the open page with the old text. Falls back to `ssrLoadModule` where no
 * environment is runnable.
 */
function renderingImports(server: ViteDevServer): ModuleImport[] {
  const runners = Object.entries(server.environments ?? {})
    .filter(([name]) => name !== 'client')
    .map(([, env]) => (env as { runner?: { import(id: string): Promise<unknown> } }).runner)
    .filter((runner): runner is { import(id: string): Promise<Record<string, unknown>> } => !!runner);
  return runners.length ? runners.map((runner) => (id) => runner.import(id)) : [(id) => server.ssrLoadModule(id)];
}

export default function devApi(): AstroIntegration {
  return {
    name: 'nucleus:dev-api',
    hooks: {
      'astro:config:setup': ({ command, injectScript }) => {
        // Content is not part of Vite's module graph: the browser is told
        // of a change by a custom HMR event and reloads the page or its data.
        if (command === 'dev') injectScript('page', `import '/src/scripts/dev-content.ts';`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const contentDir = resolve(process.env.NUCLEUS_CONTENT_DIR || 'content');
        server.watcher.add(contentDir);
        const changed = (path: string) => {
          const file = contentFileOf(path, contentDir);
          if (!file) return;
          // The site, the catalogues and the content database are loaded
          // once per process: forget them, so the next request reads the
          // files again (unchanged pages come from the parse cache).
          Promise.all(
            renderingImports(server).map(async (load) => {
              const [site, content] = await Promise.all([load('/src/build/site.ts'), load('/src/content/index.ts')]);
              (site as typeof import('../build/site')).forgetSite();
              (content as typeof import('../content')).forgetCatalogues();
            }),
          )
            .then(() => {
              logger.info(`content changed: ${file}`);
              server.hot.send({ type: 'custom', event: CONTENT_CHANGED, data: { file } });
            })
            .catch((error: unknown) => logger.error(`could not reload content after ${file} changed: ${String(error)}`));
        };
        for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, changed);

        server.middlewares.use((req, res, next) => {
          const base = (server.config.base ?? '/').replace(/\/$/, '');
          const path = (req.url ?? '').startsWith(base) ? (req.url ?? '').slice(base.length) : (req.url ?? '');
          if (!path.startsWith('/api/content/')) return next();
          const database = async () => {
            // The pages' own module instances (renderingImports): the database follows the site they forget.
            const mod = (await renderingImports(server)[0]!('/src/build/database.ts')) as typeof import('../build/database');
            return (await mod.getContentDatabase()).db;
          };
          answerContentRequest(path, database).then(
            (answer) => {
              if (!answer) return next();
              res.statusCode = answer.status;
              res.setHeader('content-type', 'application/json');
              res.end(JSON.stringify(answer.body));
            },
            (error) => next(error),
          );
        });
      },
    },
  };
}
