/**
 * The content database and the static API answers, built once per build from
 * the already-parsed site (each page is parsed once and shared). Node only.
 */
import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { buildContentDatabase, openContentDatabase, queryApiPath, queryApiPathOfHash, navigationApiPath, type ContentDatabase } from '../db';
import { parseQueryParams, matcherFor, comparatorFor, surroundOf, hashParams } from '../query';
import { type Site, getCatalogues, siteSections, catalogueSections, pageSummaryQuery, surroundQuery, NAVIGATION_QUERY, globalQueries, factsOf, sectionSource, siteGlossary, type SearchSection } from '../content';
import type { Catalogues } from '../rules';
import { getSite } from './site';
import { createSearchIndex, SEARCH_MANIFEST_PATH, type SearchFiles } from '../search';
import { siteConfig } from '../config/site';
import { timed, startPhase, endPhase } from './timing';
import { openValueCache, sha } from './cache';
import { buildContext, type BuildContext } from './context';
import { gzipDatabase, startCompressing } from './compression';

const require = createRequire(import.meta.url);

export function sqlWasmPath(): string {
  return require.resolve('sql.js/dist/sql-wasm.wasm');
}

let sql: Promise<SqlJsStatic> | undefined;
function getSql(): Promise<SqlJsStatic> {
  sql ??= initSqlJs({ locateFile: () => sqlWasmPath() });
  return sql;
}

export interface BuiltDatabase {
  /** The SQLite bytes. */
  bytes: Uint8Array<ArrayBuffer>;
  /** `content.sqlite.gz`: the bytes gzipped (src/db/file.ts), made beside the API answers. */
  file: Promise<Uint8Array<ArrayBuffer>>;
  db: ContentDatabase;
  /** The search index: manifest and part files, by site-relative address. */
  search: SearchFiles;
  /** Static API answers: path (under the site root) → JSON text. */
  answers: Map<string, string>;
  globals: Record<string, unknown>;
}

let cached: { site: Site; built: Promise<BuiltDatabase> } | undefined;

export function getContentDatabase(context: BuildContext = buildContext()): Promise<BuiltDatabase> {
  const site = getSite();
  if (!cached || cached.site !== site) cached = { site, built: timed('database, search index and API answers', () => buildDatabase(site, getCatalogues() ?? {}, context.building)) };
  return cached.built;
}

/**
 * The search group cache's key for a group's sections: what each page
 * section was made from (`sectionSource`), else the section's JSON (a
 * catalogue entry's).
 */
export function searchGroupKey(sections: readonly SearchSection[]): string {
  return sha(sections.map((s) => sectionSource(s) ?? JSON.stringify(s)).join('\n'));
}

/**
 * Builds the database and the static API answers for a site. `building`: a
 * build (not the development server), which caches search groups and answers and
 * starts the compressed copies.
 */
export async function buildDatabase(site: Site, catalogues: Partial<Catalogues>, building = false): Promise<BuiltDatabase> {
  const SQL = await getSql();
  const sections = timed('search sections', () => [...siteSections(site), ...catalogueSections(site.records, catalogues)]);
  // Groups of pages whose sections did not change come from the build cache.
  const groups = building ? openValueCache('search') : undefined;
  const search = timed('search index', () => createSearchIndex(sections, site.integrity, groups && Object.assign(groups, { key: searchGroupKey }), siteGlossary(site.records)));
  groups?.save();
  // A build's compressed copies of these files start now, beside the work below.
  if (building) for (const text of search.files.values()) startCompressing(text);
  const documents = site.records.map(({ _lines, ...rest }) => rest);
  // Serialised once, when the page was parsed (recordFacts.ts): the database
  // stores it, the page answers' cache keys hash it.
  const documentJson = site.records.map((r) => factsOf(r).document);
  const bytes = timed('content database', () => buildContentDatabase(SQL, {
    documents,
    documentJson,
    navigation: { [siteConfig.defaultLocale]: site.navigation },
    dirConfigs: site.dirConfigs,
    catalogues: { ...catalogues },
    // The manifest as `main` (the term dictionary and the index's shape);
    // the parts are files beside the database, fetched per query word.
    search: { main: search.files.get(SEARCH_MANIFEST_PATH)! },
    integrity: site.integrity,
    builtFrom: 'nucleus build',
  }));
  // Started now, on the thread pool, so it runs while the answers are made.
  // The file is already compressed: it gets no .br/.gz copies.
  const file = gzipDatabase(bytes);
  file.catch(() => undefined); // awaited by databaseFile; a failure reaches it there
  const db = openContentDatabase(SQL, bytes, { defaultLocale: siteConfig.defaultLocale, locales: siteConfig.locales });

  const answersStart = startPhase();
  const answers = new Map<string, string>();
  const answer = (params: unknown) => answers.set(queryApiPath(params, site.integrity), JSON.stringify(db.query(params)));
  // A page's answer is its own document without the body (pageSummaryQuery
  // says why), found by path and type: a function
  // of the documents of that path alone (and the code, which names the cache
  // folder). The incremental build keeps answers by those documents'
  // digests (recordFacts.ts: made when the page was parsed, a hash of the
  // whole record), so an unchanged page neither queries the database again
  // nor hashes its document again (23 MB at 5,000 pages).
  const cache = building ? openValueCache('answers') : undefined;
  const ofPath = new Map<unknown, string[]>();
  documents.forEach((d, i) => {
    if (d._type !== 'markdown') return;
    const digest = factsOf(site.records[i]!).digest;
    const list = ofPath.get(d._path);
    if (list) list.push(digest);
    else ofPath.set(d._path, [digest]);
  });
  // The two queries of a page, and so their hashes, are functions of its
  // path alone: the cache keeps the hashes (hashParams validates and
  // canonicalises the parameters first, two per page of 5,000 took 0.5 s).
  const queryHashes = (path: string): [string, string] => {
    const key = cache && `query hashes\0${path}`;
    let hashes = key ? cache!.get<[string, string]>(key) : undefined;
    if (!hashes) {
      hashes = [hashParams(pageSummaryQuery(path)), hashParams(surroundQuery(path))];
      if (key) cache!.set(key, hashes);
    }
    return hashes;
  };
  let reused = 0;
  let computed = 0;
  const pageAnswer = (path: string, hash: string) => {
    const key = cache && sha('page summary answer', path, ...(ofPath.get(path) ?? []));
    let text = key ? cache!.get<string>(key) : undefined;
    if (text === undefined) {
      text = JSON.stringify(db.query(pageSummaryQuery(path)));
      if (key) cache!.set(key, text);
      computed++;
    } else reused++;
    answers.set(queryApiPathOfHash(hash, site.integrity), text);
  };
  // Every page's surround query shares one filter and order: match and sort
  // once with the engine's own pipeline pieces (what runQuery does for each),
  // instead of one full query per page, which would make the build quadratic.
  const options = { defaultLocale: siteConfig.defaultLocale, locales: siteConfig.locales };
  const sample = parseQueryParams(surroundQuery('/'));
  const sorted = timed('  surround order', () => documents.filter(matcherFor(sample, options)).sort(comparatorFor(sample.sort)));
  // Where each path first stands in that order: each page's surround then
  // looks at its own neighbours only, not through the whole list (which made
  // the build quadratic in pages). The window holds the first occurrence, so
  // the answer is the one the full list gives.
  const firstIndex = new Map<unknown, number>();
  sorted.forEach((d, i) => {
    if (!firstIndex.has(d._path)) firstIndex.set(d._path, i);
  });
  const { before, after } = sample.surround!;
  const loop = startPhase();
  for (const path of site.pages.keys()) {
    const [pageHash, surroundHash] = queryHashes(path);
    pageAnswer(path, pageHash);
    // The surround queries differ only in the path, which parsing keeps as it is.
    const params = { ...sample, surround: { ...sample.surround!, query: path } };
    const at = firstIndex.get(path);
    const window = at === undefined ? [] : sorted.slice(Math.max(0, at - before), at + after + 1);
    answers.set(queryApiPathOfHash(surroundHash, site.integrity), JSON.stringify(surroundOf(window, params, options)));
  }
  endPhase(`  page and surround answers (${reused} page answers from the cache, ${computed} computed)`, loop);
  cache?.save();
  const globals: Record<string, unknown> = {};
  for (const [name, params] of Object.entries(globalQueries(siteConfig.globals))) {
    globals[name] = db.query(params);
    answer(params);
  }
  const navigation = JSON.stringify(site.navigation);
  answers.set(navigationApiPath(NAVIGATION_QUERY, site.integrity), navigation);
  if (building) startCompressing(navigation);
  endPhase('static API answers', answersStart);
  return { bytes, file, db, search, answers, globals };
}
