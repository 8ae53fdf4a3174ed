/**
 * Writes the response headers of the build for the hosts that read a file of
 * them: dist/_headers (Netlify, Cloudflare Pages) and dist/serve.json (the
 * `serve` static server the end-to-end tests use), for the build's base path:
 * a site built with NUCLEUS_BASE=/guide/ has its hashed assets at
 * /guide/_astro/…, so a fixed file in public/ (rules for /_astro/*) would
 * give them no long caching at all.
 *
 * Every file gets the security headers (the site's Content-Security-Policy,
 * src/security/policy.ts, which every page also carries in a <meta>). Pages
 * are revalidated whether asked for as `/rules/combat`, `/rules/combat/` or
 * `/rules/combat/index.html`: `_headers` patterns match the address, not the
 * file, so the build names the folders that hold pages (`/rules`,
 * `/rules/*`) and the HTML files at the top. The hosting section of
 * firebase.json holds the same caching rules as base-independent globs
 * (`**\/_astro/**`) and the build-independent part of the policy;
 * scripts/headers.test.ts checks that they agree, at `/` and under a sub-path.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildContext } from './context';
import { securityHeaders, type Policy } from '../security/policy';
import { CONTENT_DATABASE_FILE } from '../db';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Patterns relative to the base (`*` matches anything), their Cache-Control
 * and, where a host's guess from the name is not to be relied on, their
 * Content-Type.
 */
export const CACHE_RULES: readonly { pattern: string; cacheControl: string; contentType?: string; why?: string }[] = [
  { pattern: '_astro/*', cacheControl: IMMUTABLE, why: 'Hashed assets never change: cache them for a year.' },
  { pattern: 'builds/*', cacheControl: REVALIDATE, why: 'Everything that names the current build must be revalidated every time.' },
  { pattern: 'sw.js', cacheControl: REVALIDATE },
  { pattern: 'manifest.webmanifest', cacheControl: REVALIDATE },
  {
    pattern: CONTENT_DATABASE_FILE,
    cacheControl: REVALIDATE,
    contentType: 'application/gzip',
    why: 'The content database, gzipped as built (src/db/file.ts): typed as the gzip file it is, which no host compresses again.',
  },
  { pattern: 'search-index.json', cacheControl: REVALIDATE },
  { pattern: 'search/*', cacheControl: REVALIDATE },
];

/** Where a build's pages are: the top-level folders that hold them and the HTML files at the top. */
export interface PageAddresses {
  folders: string[];
  files: string[];
}

/** `/`, `/guide`, `guide/` → `/` or `/guide/`. */
export function normalBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** Top-level folders of `out` covered by a caching rule of their own (never page folders). */
const RULED_FOLDERS = new Set(CACHE_RULES.filter((r) => r.pattern.endsWith('/*')).map((r) => r.pattern.slice(0, -2)));

function holdsPage(dir: string): boolean {
  if (existsSync(join(dir, 'index.html'))) return true;
  return readdirSync(dir, { withFileTypes: true }).some((e) => e.isDirectory() && holdsPage(join(dir, e.name)));
}

/** The page addresses of the build in `out`, sorted. */
export function pageAddresses(out: string): PageAddresses {
  const entries = readdirSync(out, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory() && !RULED_FOLDERS.has(e.name) && holdsPage(join(out, e.name))).map((e) => e.name);
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => e.name);
  return { folders: folders.sort(), files: files.sort() };
}

/** The revalidation patterns (relative to the base) of the pages: the root, the top HTML files, each page folder and all under it. */
export function pagePatterns(pages: PageAddresses): string[] {
  return ['', ...pages.files, ...pages.folders.flatMap((f) => [f, `${f}/*`])];
}

/** The text of `_headers` for a site served under `base`. */
export function headersFile(base: string, pages: PageAddresses, policy: Policy): string {
  const prefix = normalBase(base);
  const lines = ['# Response headers for static hosts that read _headers (Netlify, Cloudflare Pages).', `# Written by the build for the base path ${prefix} (src/build/headers.ts).`];
  const rule = (pattern: string, headers: [string, string][]) => lines.push(pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`));
  lines.push('', '# Every file: the Content-Security-Policy (docs/security.md) and the other security headers.');
  const security = securityHeaders(policy);
  if (prefix !== '/') rule(prefix.slice(0, -1), security);
  rule(`${prefix}*`, security);
  for (const r of CACHE_RULES) {
    if (r.why) lines.push('', `# ${r.why}`);
    rule(`${prefix}${r.pattern}`, [['Cache-Control', r.cacheControl], ...(r.contentType ? [['Content-Type', r.contentType] as [string, string]] : [])]);
  }
  lines.push('', '# Pages, however they are asked for (/rules/combat, /rules/combat/, …/index.html), are revalidated too.');
  if (prefix !== '/') rule(prefix.slice(0, -1), [['Cache-Control', REVALIDATE]]);
  for (const p of pagePatterns(pages)) rule(`${prefix}${p}`, [['Cache-Control', REVALIDATE]]);
  return `${lines.join('\n')}\n`;
}

/** `serve.json` (serve-handler's configuration): the security headers on every file it serves. */
export function serveConfig(policy: Policy): string {
  const headers = securityHeaders(policy).map(([key, value]) => ({ key, value }));
  return `${JSON.stringify({ headers: [{ source: '**', headers }] }, null, 2)}\n`;
}

/** Writes `out`/_headers and `out`/serve.json (the full and the content-only build). */
export function writeHeaders(out: string, base: string, policy: Policy | undefined): void {
  if (!policy) throw new Error('nucleus:headers: the build has no Content-Security-Policy to write (src/integrations/security.ts sets it)');
  writeFileSync(join(out, '_headers'), headersFile(base, pageAddresses(out), policy));
  writeFileSync(join(out, 'serve.json'), serveConfig(policy));
}

export default function headers(): AstroIntegration {
  let base = '/';
  return {
    name: 'nucleus:headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = config.base;
      },
      'astro:build:done': ({ dir }) => writeHeaders(fileURLToPath(dir), base, buildContext().security?.policy),
    },
  };
}
