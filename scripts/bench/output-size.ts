/**
 * What a built site's bytes are: the output folder's files sorted into the
 * parts a reader of `bench:build` asks about (pages, database, static
 * answers, search files, precompressed copies, the rest), and what an
 * average content page's HTML is made of. Numbers only; the 1 GB a static
 * host such as GitHub Pages allows is the yardstick (docs/performance.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONTENT_DATABASE_FILE } from '../../src/db';

export const PARTS = ['html', 'database', 'answers', 'search', 'compressedCopies', 'assets'] as const;
export type Part = (typeof PARTS)[number];

/** The part a file of the output belongs to, by its path relative to the output folder (`/`-separated). */
export function partOf(rel: string): Part {
  // Before the copies' rule: the database is itself gzipped (src/db/file.ts), not a copy.
  if (rel === CONTENT_DATABASE_FILE) return 'database';
  if (/\.(br|gz)$/.test(rel)) return 'compressedCopies';
  if (rel.endsWith('.html')) return 'html';
  if (rel.startsWith('api/')) return 'answers';
  if (rel === 'search-index.json' || rel.startsWith('search/')) return 'search';
  return 'assets'; // scripts, styles, fonts, the sql.js WASM, icons, the service worker, build files
}

export interface OutputSize {
  total: number;
  files: number;
  parts: Record<Part, number>;
  htmlFiles: number;
}

/** Every file of `dir`, relative and `/`-separated, with its size. */
function* filesOf(dir: string, root = dir): Generator<[string, number]> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(p, root);
    else yield [relative(root, p).split(sep).join('/'), statSync(p).size];
  }
}

export function outputSize(dir: string): OutputSize {
  const parts = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
  let total = 0;
  let files = 0;
  let htmlFiles = 0;
  for (const [rel, size] of filesOf(dir)) {
    const part = partOf(rel);
    parts[part] += size;
    total += size;
    files++;
    if (part === 'html') htmlFiles++;
  }
  return { total, files, parts, htmlFiles };
}

/** Pieces of a page's HTML (each counted once per page, by its opening tag's first match). */
const PIECES: Record<string, RegExp> = {
  header: /<header class="site-header"[\s\S]*?<\/header>/,
  sidebar: /<aside id="site-nav"[\s\S]*?<\/aside>/,
  main: /<main[\s\S]*?<\/main>/,
  footer: /<footer[\s\S]*?<\/footer>/,
};

/**
 * The average content page's HTML in bytes: the whole page, the pieces above,
 * inline scripts (a `<script>` without `src`, wherever it stands) and the
 * `data-astro-cid-…` attributes of scoped styles. Content pages are the
 * HTML files under `contentFolders` (the corpus's sections).
 */
export function pageAnatomy(dir: string, isContent: (rel: string) => boolean): Record<string, number> {
  const sums: Record<string, number> = { page: 0, ...Object.fromEntries(Object.keys(PIECES).map((k) => [k, 0])), inlineScripts: 0, scopedStyleAttributes: 0 };
  let n = 0;
  for (const [rel] of filesOf(dir)) {
    if (!rel.endsWith('.html') || !isContent(rel)) continue;
    const html = readFileSync(join(dir, rel), 'utf8');
    n++;
    sums.page! += Buffer.byteLength(html);
    for (const [name, re] of Object.entries(PIECES)) sums[name]! += Buffer.byteLength(re.exec(html)?.[0] ?? '');
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g)) sums.inlineScripts! += Buffer.byteLength(m[0]);
    for (const m of html.matchAll(/ data-astro-cid-[a-z0-9]+/g)) sums.scopedStyleAttributes! += m[0].length;
  }
  return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, n ? Math.round(v / n) : 0]));
}
