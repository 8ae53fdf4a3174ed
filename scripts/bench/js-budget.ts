/**
 * The script a built page runs before anyone touches it (issue 25), read
 * from `dist/`: what `bench:js` prints and what tests/e2e/budget.spec.ts
 * holds to the budget.
 *
 * 1. From the page's HTML: inline scripts (their text), `<script src>`
 *    (module or classic), `<link rel="modulepreload">`, and each
 *    `<astro-island>`'s component and renderer (every hydration directive
 *    loads them without a click: load, idle, visible, media, only).
 * 2. Each module's static imports, followed to the end (es-module-lexer);
 *    dynamic `import()` is left out: it loads on use.
 * 3. Each file counted once, gzipped at level 9 (as a host serves it).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { parse as parseHtml } from 'parse5';

export const BUDGET_GZ_BYTES = 15 * 1024;
/** Content pages a reader lands on. */
export const CONTENT_PAGES = ['/', '/galacticguide/timeline', '/rules/combat'];

export interface ScriptFile {
  /** URL path (`/_astro/x.js`) or `inline #n`. */
  name: string;
  raw: number;
  gz: number;
  /** How the page reaches it: script, inline, modulepreload, island, import. */
  via: string;
}

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

interface Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
  value?: string;
}

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const c of node.childNodes ?? []) walk(c, visit);
  if (node.content) walk(node.content, visit);
}

const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;

/** The HTML file for a page path (`/rules/combat` → dist/rules/combat/index.html). */
export function pageFile(dist: string, path: string): string {
  const clean = path.replace(/^\/|\/$/g, '');
  const candidates = [join(dist, clean, 'index.html'), join(dist, `${clean}.html`)];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`No built page for ${path} in ${dist} (looked for ${candidates.join(', ')}): build the site first.`);
  return found;
}

/** Strips the site's base (`/guide/`) so a URL names a file in dist. */
function toFile(dist: string, base: string, url: string): string | null {
  if (/^[a-z]+:/i.test(url) || url.startsWith('//')) return null;
  let path = url.split(/[?#]/)[0]!;
  if (base !== '/' && path.startsWith(base)) path = '/' + path.slice(base.length);
  return join(dist, path);
}

export async function preInteractionScripts(dist: string, pagePath: string, base = '/'): Promise<ScriptFile[]> {
  await init;
  const html = readFileSync(pageFile(dist, pagePath), 'utf8');
  const files: ScriptFile[] = [];
  const seen = new Set<string>();
  const queue: { url: string; via: string; module: boolean }[] = [];
  let inline = 0;

  walk(parseHtml(html) as unknown as Node, (n) => {
    if (n.nodeName === 'script') {
      const type = attr(n, 'type') ?? '';
      if (type && type !== 'module' && !/javascript/.test(type)) return; // JSON data, not script
      const src = attr(n, 'src');
      if (src) queue.push({ url: src, via: type === 'module' ? 'script' : 'classic script', module: type === 'module' });
      else {
        const text = (n.childNodes ?? []).map((c) => c.value ?? '').join('');
        if (text.trim()) files.push({ name: `inline #${++inline}`, raw: Buffer.byteLength(text), gz: gz(text), via: 'inline' });
      }
    } else if (n.nodeName === 'link' && attr(n, 'rel') === 'modulepreload') {
      const href = attr(n, 'href');
      if (href) queue.push({ url: href, via: 'modulepreload', module: true });
    } else if (n.nodeName === 'astro-island') {
      for (const a of ['component-url', 'renderer-url']) {
        const u = attr(n, a);
        if (u) queue.push({ url: u, via: `island (${attr(n, 'client') ?? '?'})`, module: true });
      }
    }
  });

  while (queue.length > 0) {
    const { url, via, module } = queue.shift()!;
    const file = toFile(dist, base, url);
    if (!file || seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) throw new Error(`${pagePath} loads ${url}, which is not in ${dist}.`);
    const text = readFileSync(file, 'utf8');
    files.push({ name: url, raw: Buffer.byteLength(text), gz: gz(text), via });
    if (!module) continue;
    const [imports] = parse(text);
    for (const i of imports) {
      // d === -1: a static import; -2: import.meta; ≥ 0: a dynamic import().
      if (i.d !== -1 || !i.n) continue;
      queue.push({ url: posix.join(posix.dirname(url), i.n), via: 'import', module: true });
    }
  }
  return files;
}

export const total = (files: ScriptFile[]) => files.reduce((s, f) => ({ raw: s.raw + f.raw, gz: s.gz + f.gz }), { raw: 0, gz: 0 });
