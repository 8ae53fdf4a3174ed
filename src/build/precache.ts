/**
 * What the service worker precaches: the shell a reader needs to read
 * offline, and nothing that grows with the site or serves only some readers.
 *
 * A first visit downloads the precache list in the background, so it is
 * paid by every reader, on every connection. The search files (10 MB
 * gzipped at 5,000 pages), the content database and its engine, the
 * editors and the Firebase SDK are cached when first used instead (the
 * worker's runtime routes, serviceWorker.ts), and a page is kept once read
 * or prefetched.
 *
 * The shell is read from the built pages themselves, never from a hand-kept
 * list: the offline page, the home page and a few reading pages (each
 * top-level section's first pages, so each layout is met), their
 * stylesheets, scripts and the static imports of those scripts. Dynamic
 * `import()` loads on use (the search dialog, the account dialogs, the
 * editors) and is cached then.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse as parseModule } from 'es-module-lexer';
import { parse as parseHtml } from 'parse5';
import { EDITORS } from '../config/editors';
export { EDITOR_CODE_FILE } from '../config/offline';

/** At most this many bytes, gzipped, whatever the size of the site (issue 37). */
export const PRECACHE_BUDGET_GZ_BYTES = 150 * 1024;

/** An icon larger than this is for installing the app, not for reading: cached on use. */
const SMALL_ICON_BYTES = 16 * 1024;

/** Reading pages sampled per top-level section: its index and its first page. */
const PAGES_PER_SECTION = 2;

/** Top-level folders that hold no reading pages. */
const NOT_READING = new Set(['_astro', 'api', 'builds', 'search', 'icons', 'offline', 'nucleus', ...EDITORS.map((e) => e.slug)]);

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

const attr = (n: HtmlNode, name: string) => n.attrs?.find((a) => a.name === name)?.value;

function walk(node: HtmlNode, visit: (n: HtmlNode) => void): void {
  visit(node);
  for (const c of node.childNodes ?? []) walk(c, visit);
  if (node.content) walk(node.content, visit);
}

/** The site-relative file an asset URL names (`/guide/_astro/x.js` → `_astro/x.js`), or null when it is not this site's file. */
export function assetFile(url: string, base: string): string | null {
  if (/^[a-z]+:/i.test(url) || url.startsWith('//')) return null;
  const path = url.split(/[?#]/)[0]!;
  if (!path.startsWith(base)) return null;
  return path.slice(base.length) || null;
}

/** The scripts and stylesheets a page's HTML loads before anyone touches it (site-relative files). */
export function pageAssets(html: string, base: string): string[] {
  const urls: string[] = [];
  walk(parseHtml(html), (n) => {
    const rel = attr(n, 'rel') ?? '';
    if (n.nodeName === 'script' && attr(n, 'src')) urls.push(attr(n, 'src')!);
    else if (n.nodeName === 'link' && /\b(stylesheet|modulepreload)\b/.test(rel) && attr(n, 'href')) urls.push(attr(n, 'href')!);
    else if (n.nodeName === 'astro-island') for (const a of ['component-url', 'renderer-url']) if (attr(n, a)) urls.push(attr(n, a)!);
  });
  return urls.map((u) => assetFile(u, base)).filter((f): f is string => f !== null);
}

/** The Firebase SDK's chunk (src/auth loads it for signed-in readers): cached when first used, never listed. */
const FIREBASE_CHUNK = /(^|\/)sdk\.[^/]+\.js$/;

/** Each module's static imports, followed to the end (with `dynamic`, its `import()`s too), never into the Firebase SDK. */
export async function withImports(out: string, files: string[], dynamic = false): Promise<string[]> {
  await init;
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || FIREBASE_CHUNK.test(file) || !existsSync(join(out, file))) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const [imports] = parseModule(readFileSync(join(out, file), 'utf8'));
    for (const i of imports) {
      // d === -1: a static import; ≥ 0: import(), loaded on use.
      if ((i.d === -1 || (dynamic && i.d >= 0)) && i.n && i.n.startsWith('.')) queue.push(posix.join(posix.dirname(file), i.n));
    }
  }
  return [...seen];
}

/** Marks a reading page's HTML (ContentPage.astro): the login page and the redirects are not read offline. */
const READING_PAGE = 'data-page-body';

/** The HTML files whose assets make the shell: the offline page, the home page, each section's first reading pages. */
export function shellPages(out: string): { file: string; html: string }[] {
  const read = (file: string) => ({ file, html: readFileSync(join(out, file), 'utf8') });
  const pages = ['offline/index.html', 'index.html'].filter((p) => existsSync(join(out, p))).map(read);
  const folders = readdirSync(out, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !NOT_READING.has(d.name))
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const inside = [`${folder}/index.html`, ...readdirSync(join(out, folder)).sort().map((name) => `${folder}/${name}/index.html`)];
    const reading = inside.filter((p) => existsSync(join(out, p))).map(read).filter((p) => p.html.includes(READING_PAGE));
    pages.push(...reading.slice(0, PAGES_PER_SECTION));
  }
  return pages;
}

/**
 * The files the service worker precaches, site-relative and sorted: the
 * offline page, the shell pages' scripts and styles, the small icons and
 * the build's own file (every page loads it).
 */
export async function precacheFiles(out: string, base = '/'): Promise<string[]> {
  const assets = shellPages(out).flatMap((page) => pageAssets(page.html, base));
  const icons = ['favicon.svg', 'manifest.webmanifest', ...(existsSync(join(out, 'icons')) ? readdirSync(join(out, 'icons')).map((n) => `icons/${n}`) : [])];
  const small = icons.filter((f) => existsSync(join(out, f)) && statSync(join(out, f)).size <= SMALL_ICON_BYTES);
  const files = new Set([...(await withImports(out, assets)), ...small, 'offline/index.html', 'builds/current.js']);
  return [...files].filter((f) => existsSync(join(out, f))).sort();
}

/** The precache list's size as a first visit pays it: each file gzipped (as hosts serve them). */
export function gzippedBytes(out: string, files: string[]): number {
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(join(out, f)), { level: 9 }).length, 0);
}

/** Each editor's files, by its kind (`blueprint`): site-relative, for the page to cache when the editor is first opened. */
export type EditorCode = Record<string, string[]>;

/**
 * Each editor's code: its chunk (`_astro/<slug>.<hash>.js`, Vite names it
 * after the component) with every import, static or dynamic (import and
 * export, share links, the document parser load on a click, and must work
 * offline too), its stylesheet; never the Firebase SDK (signed-in readers
 * only). Generic over src/config/editors.ts: a new editor is listed once it
 * is there.
 */
export async function editorCode(out: string): Promise<EditorCode> {
  const assets = existsSync(join(out, '_astro')) ? readdirSync(join(out, '_astro')) : [];
  const code: EditorCode = {};
  for (const { slug, kind } of EDITORS) {
    const own = assets.filter((name) => name.startsWith(`${slug}.`) && /\.(js|css)$/.test(name)).map((name) => `_astro/${name}`);
    if (own.length === 0) continue;
    code[kind] = (await withImports(out, own, true)).sort();
  }
  return code;
}
