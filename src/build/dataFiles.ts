/**
 * The data files a build writes beside the pages: the content database, gzipped (which
 * also hands the static API answers to src/build/output.ts), the
 * search index, the build's latest.json, current.js and manifest. The endpoints in
 * src/pages/ answer with these, and the content-only rebuild
 * (scripts/build.ts) writes the same bytes without running Astro. Node only.
 */
import { getContentDatabase, type BuiltDatabase } from './database';
import { buildContext, type BuildContext } from './context';
import { getSite } from './site';
import { buildId, buildMeta } from './info';
import { SEARCH_MANIFEST_PATH } from '../search';
import { startCompressing } from './compression';

type DataSource = Pick<BuiltDatabase, 'search' | 'answers'> & { file: Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>> };

/**
 * What the data files are made of: the worker's answer when this build
 * started one for this site (src/build/dataWorker.ts), else the database
 * built here. A worker that could not run, or whose load found another
 * content integrity (a file changed during the build), is not used.
 */
async function dataSource(context: BuildContext = buildContext()): Promise<DataSource> {
  const worker = context.dataWorker;
  const site = getSite();
  if (worker && worker.contentDir === site.contentDir) {
    const built = await worker.built;
    if (built?.integrity === site.integrity) return built;
  }
  return getContentDatabase(context);
}

/** `content.sqlite.gz`, the database gzipped (src/db/file.ts); hands over the API answers. */
export async function databaseFile(context: BuildContext): Promise<Uint8Array<ArrayBuffer>> {
  const { file, answers, search } = await dataSource(context);
  context.answers = answers;
  if (context.building) context.searchParts = new Map([...search.files].filter(([path]) => path !== SEARCH_MANIFEST_PATH));
  return file;
}

/** A search file by address: the manifest (`/search-index.json`) or a part (`/search/{index}/….json`). */
export async function searchFile(path: string): Promise<string> {
  return (await dataSource()).search.files.get(path)!;
}

/**
 * The parts' addresses (`/search/{index}/….json`), for the dev server: a
 * build writes them itself (BuildContext.searchParts), since Astro collects
 * every route's paths before it renders the first page, and these wait for
 * the data files.
 */
export async function searchPartPaths(context: BuildContext = buildContext()): Promise<string[]> {
  if (context.building) return [];
  const { search } = await dataSource(context);
  return [...search.files.keys()].filter((path) => path !== SEARCH_MANIFEST_PATH);
}

/** `builds/latest.json`: `{ id, timestamp }`, polled by open tabs (SPEC §7). */
export function latestFile(): string {
  const { id, timestamp } = buildMeta(getSite());
  return JSON.stringify({ id, timestamp });
}

/**
 * `builds/current.js`: the build id and integrity for the pages, which load
 * it instead of carrying them (src/db/running-build.ts says why).
 */
export function currentFile(): string {
  const site = getSite();
  return `window.__nucleusBuild=${JSON.stringify({ id: buildId(site), integrity: site.integrity })};\n`;
}

/** `builds/meta/{id}.json`: the build manifest (fields in BuildMeta). */
export function metaFile(context: BuildContext): { path: string; text: string } {
  const meta = buildMeta(getSite());
  const text = JSON.stringify(meta);
  if (context.building) startCompressing(text); // its copies are made beside the rest of the build
  return { path: `/builds/meta/${meta.id}.json`, text };
}

/**
 * Every data file of this build but the database (site-relative path →
 * bytes: what the endpoints write), and the database's file, still being
 * gzipped on the thread pool: the content-only rebuild writes it last, after
 * the steps that do not read it (at 20,000 pages gzipping its 89 MB took
 * about 3 s, which the rebuild waited for before anything else).
 */
export async function dataFiles(context: BuildContext): Promise<{ files: Map<string, string | Uint8Array>; database: Promise<Uint8Array<ArrayBuffer>> }> {
  const { file, answers, search } = await dataSource(context);
  context.answers = answers;
  const files = new Map<string, string | Uint8Array>();
  for (const [path, text] of search.files) files.set(path, text);
  files.set('/builds/latest.json', latestFile());
  files.set('/builds/current.js', currentFile());
  const meta = metaFile(context);
  files.set(meta.path, meta.text);
  return { files, database: Promise.resolve(file) };
}
