/**
 * What a full offline copy of the site holds ("Save for offline", issue 37):
 * every page's HTML, the search files, the code and styles reading and
 * searching load (the search dialog's too, which loads on use), the editors'
 * code, and in client-database mode the database, its engine and the static
 * answers. Written beside the service worker as one JSON file with each
 * file's size, so the action can say what it will download before it starts
 * and fetch only what is missing when it resumes.
 *
 * Generated from the built files, never from a hand-kept list, like the
 * precache list (precache.ts). Sizes are the files' bytes as stored: what
 * the device keeps, and at most what the download costs (hosts compress).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_CODE_FILE } from '../config/offline';
import { CONTENT_DATABASE_FILE } from '../db';
import { editorCode, pageAssets, shellPages, withImports } from './precache';

/**
 * The offline copy's list (src/config/offline.ts OFFLINE_COPY_FILE).
 * `files`: [site-relative address, bytes]; a page is named by its folder
 * (`rules/combat`, `` for the home page), as links name it.
 */
export interface OfflineCopyList {
  /** The build's id (builds/current.js): a copy saved from another build has its pages fetched again. */
  build: string;
  pages: number;
  files: [string, number][];
}

/** The build's id as every page reads it, or `` when the output has none. */
function buildIdOf(out: string): string {
  const file = join(out, 'builds', 'current.js');
  return existsSync(file) ? (/"id":"([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1] ?? '') : '';
}

/** Files the site's own pages never read: the host's rules, the crawlers' files, the list itself. */
const NOT_COPIED = /^(_headers|serve\.json|robots\.txt|sitemap.*\.xml|sw\.js|offline-copy\.json)$/;

/** Every file under `dir` of `out`, site-relative (`dir/...`), or none when it is not there. */
function filesUnder(out: string, dir: string, listing?: readonly string[]): string[] {
  if (listing) return listing.filter((f) => f.startsWith(`${dir}/`));
  if (!existsSync(join(out, dir))) return [];
  return readdirSync(join(out, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => `${dir}/${f.split('\\').join('/')}`)
    .filter((f) => statSync(join(out, f)).isFile());
}

/**
 * Every page's folder: each `index.html` in `out` (the home page is ``).
 * The walk does not go into `api/` (only `api/index.html` itself can be a
 * page there): its static answers are two files per page, and listing them
 * with the rest took most of this list's time at 5,000 pages.
 */
function pageFolders(out: string, listing?: readonly string[]): string[] {
  // Folders under api/, which the walk skips, offlineCopyList drops.
  if (listing) return listing.filter((f) => f === 'index.html' || f.endsWith('/index.html')).map((f) => f.slice(0, -'index.html'.length).replace(/\/$/, ''));
  const folders: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const rel = `${prefix}${entry.name}`;
        if (rel === 'api') {
          if (existsSync(join(dir, 'api', 'index.html'))) folders.push('api');
        } else walk(join(dir, entry.name), `${rel}/`);
      } else if (entry.name === 'index.html') folders.push(prefix.replace(/\/$/, ''));
    }
  };
  walk(out, '');
  return folders;
}

/**
 * The offline copy of the site built in `out` (served under `base`): pages,
 * search, assets, and the database and its answers when pages read them
 * (`clientDatabase`). `listing`: every file `out` holds but the static
 * answers, site-relative, when the caller knows them (the content-only
 * rebuild does: walking 20,000 page folders again was half a second of it).
 */
export async function offlineCopyList(out: string, base = '/', options: { clientDatabase?: boolean; listing?: readonly string[] } = {}): Promise<OfflineCopyList> {
  const { listing } = options;
  const pages = pageFolders(out, listing).filter((p) => !p.startsWith('api/') && !NOT_COPIED.test(p));
  const shellAssets = shellPages(out).flatMap((page) => pageAssets(page.html, base));
  const code = [...(await withImports(out, shellAssets, true)), ...Object.values(await editorCode(out)).flat()];
  const search = ['search-index.json', ...filesUnder(out, 'search', listing)];
  const data = options.clientDatabase ? [CONTENT_DATABASE_FILE, 'sql-wasm.wasm', ...filesUnder(out, 'api')] : [];
  const other = ['favicon.svg', 'manifest.webmanifest', 'builds/current.js', EDITOR_CODE_FILE, ...filesUnder(out, 'icons', listing)];
  const files = new Map<string, number>();
  for (const page of pages) files.set(page, statSync(join(out, page, 'index.html')).size);
  for (const file of [...code, ...search, ...data, ...other]) {
    if (!NOT_COPIED.test(file) && existsSync(join(out, file))) files.set(file, statSync(join(out, file)).size);
  }
  return { build: buildIdOf(out), pages: pages.length, files: [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
}
