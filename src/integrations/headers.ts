/**
 * Writes dist/_headers (read by Netlify and Cloudflare Pages) for the build's
 * base path: a site built with NUCLEUS_BASE=/guide/ has its hashed assets at
 * /guide/_astro/…, so a fixed file in public/ (rules for /_astro/*) would
 * give them no long caching at all. The hosting section of firebase.json
 * holds the same rules as base-independent globs (`**\/_astro/**`);
 * scripts/headers.test.ts checks that both agree, at `/` and under a sub-path.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Patterns relative to the base (`*` matches anything), and their Cache-Control. */
export const CACHE_RULES: readonly { pattern: string; cacheControl: string; why?: string }[] = [
  { pattern: '_astro/*', cacheControl: IMMUTABLE, why: 'Hashed assets never change: cache them for a year.' },
  { pattern: 'builds/*', cacheControl: REVALIDATE, why: 'Everything that names the current build must be revalidated every time.' },
  { pattern: 'sw.js', cacheControl: REVALIDATE },
  { pattern: 'manifest.webmanifest', cacheControl: REVALIDATE },
  { pattern: 'content.sqlite', cacheControl: REVALIDATE },
  { pattern: 'search-index.json', cacheControl: REVALIDATE },
  { pattern: 'search/*', cacheControl: REVALIDATE },
  { pattern: '*.html', cacheControl: REVALIDATE },
];

/** `/`, `/guide`, `guide/` → `/` or `/guide/`. */
export function normalBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** The text of `_headers` for a site served under `base`. */
export function headersFile(base: string): string {
  const prefix = normalBase(base);
  const lines = ['# Caching for static hosts that read _headers (Netlify, Cloudflare Pages).', `# Written by the build for the base path ${prefix} (src/integrations/headers.ts).`];
  for (const rule of CACHE_RULES) {
    if (rule.why) lines.push('', `# ${rule.why}`);
    lines.push(`${prefix}${rule.pattern}`, `  Cache-Control: ${rule.cacheControl}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes `out`/_headers (the full and the content-only build). */
export function writeHeaders(out: string, base: string): void {
  writeFileSync(join(out, '_headers'), headersFile(base));
}

export default function headers(): AstroIntegration {
  let base = '/';
  return {
    name: 'nucleus:headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = config.base;
      },
      'astro:build:done': ({ dir }) => writeHeaders(fileURLToPath(dir), base),
    },
  };
}
