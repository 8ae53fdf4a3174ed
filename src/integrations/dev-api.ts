/**
 * The development server answers any content query (DECISIONS.md "Content API
 * paths"): the long form `/api/content/query/{hash}.{integrity}.{params}.json`
 * and the query-parameter form `?_params=…&previewToken=…`. A static build has
 * only the short form; anything else runs on the local database there.
 */
import type { AstroIntegration } from 'astro';
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

export default function devApi(): AstroIntegration {
  return {
    name: 'nucleus:dev-api',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const base = (server.config.base ?? '/').replace(/\/$/, '');
          const path = (req.url ?? '').startsWith(base) ? (req.url ?? '').slice(base.length) : (req.url ?? '');
          if (!path.startsWith('/api/content/')) return next();
          const database = async () => {
            const mod = (await server.ssrLoadModule('/src/content/database.ts')) as typeof import('../content/database');
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
