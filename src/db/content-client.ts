/**
 * The browser's `queryContent` (SPEC §7): a query's static answer when the
 * build wrote one; otherwise, and always in preview or client-database mode,
 * the same query on the local content database (sql.js, loaded lazily once).
 */
import type { SqlJsStatic } from 'sql.js';
import { openContentDatabase, type ContentDatabase } from './client';
import { CONTENT_DATABASE_FILE, unpackDatabaseFile } from './file';
import { queryApiPath, navigationApiPath } from './api-paths';

export interface ContentClientOptions {
  /** Site root URL path, ending in '/' (the base). */
  root: string;
  /** Content integrity of the running build (names the static answers). */
  integrity: string;
  /** Preview mode: every query runs on the local database. */
  preview: () => boolean;
  /** Client-database mode (a site setting). */
  clientDatabase?: boolean;
  defaultLocale?: string;
  locales?: string[];
  fetch?: typeof fetch;
  /** Loads sql.js (dynamic import, so it is fetched only when needed). */
  loadSql?: (wasmUrl: string) => Promise<SqlJsStatic>;
}

/**
 * The answer to a content request was not a static answer: an HTML page (a
 * host's fallback), or anything that is not JSON of the expected shape (a
 * host's plain-text "Not Found", a truncated file): SPEC §5.
 */
export class ContentNotFound extends Error {
  override readonly name = 'ContentNotFound';
  constructor() {
    super('Not found');
  }
}

/** Accepts both response shapes: a list, or `{ result }`. */
export function unwrapResponse(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'result' in body) return (body as { result: unknown }).result;
  return body;
}

export interface ContentClient {
  queryContent(params: unknown): Promise<unknown>;
  navigation(): Promise<unknown>;
  /** The local database (loaded on first call). */
  database(): Promise<ContentDatabase>;
  /** Forget cached answers and the database (data-refresh). */
  refresh(): void;
}

export function createContentClient(options: ContentClientOptions): ContentClient {
  const f = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let db: Promise<ContentDatabase> | null = null;
  let bust = '';

  const loadSql =
    options.loadSql ??
    (async (wasmUrl: string) => {
      const { default: initSqlJs } = await import('sql.js');
      return initSqlJs({ locateFile: () => wasmUrl });
    });

  /** A static answer's body, unwrapped, when it has the shape `expected` accepts; else ContentNotFound. */
  async function getAnswer(url: string, expected: (result: unknown) => boolean): Promise<unknown> {
    const r = await f(url + bust, { headers: { accept: 'application/json' }, cache: bust ? 'reload' : 'default' });
    const type = r.headers.get('content-type') ?? '';
    const text = await r.text();
    if (!r.ok || type.includes('text/html') || /^\s*</.test(text)) throw new ContentNotFound();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ContentNotFound();
    }
    // The build writes a list or `{ result }`; anything else is not one of its answers.
    const wrapped = !!body && typeof body === 'object' && !Array.isArray(body) && 'result' in body;
    if (!wrapped && !Array.isArray(body)) throw new ContentNotFound();
    const result = unwrapResponse(body);
    if (!expected(result)) throw new ContentNotFound();
    return result;
  }

  function database(): Promise<ContentDatabase> {
    db ??= (async () => {
      const [SQL, bytes] = await Promise.all([
        loadSql(`${options.root}sql-wasm.wasm`),
        f(`${options.root}${CONTENT_DATABASE_FILE}${bust}`, { cache: bust || options.preview() ? 'no-cache' : 'default' }).then(async (r) => {
          if (!r.ok) throw new Error(`The content database could not be loaded (HTTP ${r.status}).`);
          // Gzipped as built, or already unpacked by a host that sent it with Content-Encoding (file.ts).
          return unpackDatabaseFile(new Uint8Array(await r.arrayBuffer()));
        }),
      ]);
      return openContentDatabase(SQL, bytes, { defaultLocale: options.defaultLocale, locales: options.locales });
    })().catch((e) => {
      db = null;
      throw e;
    });
    return db;
  }

  const local = () => options.preview() || !!options.clientDatabase;

  return {
    async queryContent(params) {
      if (local()) return (await database()).query(params);
      try {
        return await getAnswer(options.root + queryApiPath(params, options.integrity).slice(1), () => true);
      } catch (e) {
        if (!(e instanceof ContentNotFound)) throw e;
        // No static answer for this query: run it on the local database.
        return (await database()).query(params);
      }
    },
    async navigation() {
      if (local()) return (await database()).navigation();
      try {
        return await getAnswer(options.root + navigationApiPath({}, options.integrity).slice(1), Array.isArray);
      } catch (e) {
        if (!(e instanceof ContentNotFound)) throw e;
        return (await database()).navigation();
      }
    },
    database,
    refresh() {
      db = null;
      bust = `?refresh=${Date.now()}`;
    },
  };
}
