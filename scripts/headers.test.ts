/**
 * The two caching configurations a host may read, the `_headers` file the
 * build writes (Netlify, Cloudflare Pages) and the hosting section of
 * firebase.json, give the same Cache-Control to the same addresses, at `/`
 * and under a sub-path: hashed assets immutable for a year; HTML,
 * latest.json, the build manifest and the service worker revalidated.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { headersFile, normalBase, CACHE_RULES } from '../src/integrations/headers';

type Rule = { pattern: string; cacheControl: string };

/** `_headers`: a path line, then indented `Name: value` lines; `*` matches anything. */
function netlifyRules(text: string): Rule[] {
  const rules: Rule[] = [];
  let pattern: string | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) pattern = line.trim();
    else {
      const m = /^\s+cache-control:\s*(.+)$/i.exec(line);
      if (m && pattern) rules.push({ pattern, cacheControl: m[1]!.trim() });
    }
  }
  return rules;
}

function firebaseRules(config: { hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] } }): Rule[] {
  return config.hosting.headers.flatMap((h) =>
    h.headers.filter((x) => x.key.toLowerCase() === 'cache-control').map((x) => ({ pattern: h.source, cacheControl: x.value })),
  );
}

const netlifyMatch = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);
const firebaseMatch = (pattern: string, path: string) => matchesGlob(path, pattern) || matchesGlob(path.slice(1), pattern);

/** Netlify and Cloudflare join every matching rule; the rules here never overlap. */
function netlifyHeader(rules: Rule[], path: string): string | undefined {
  const hits = rules.filter((r) => netlifyMatch(r.pattern, path));
  expect(hits.length, `${path} matches ${hits.length} rules in _headers`).toBeLessThanOrEqual(1);
  return hits[0]?.cacheControl;
}

/** Firebase Hosting: the last matching rule wins (firebase-tools issue 9467). */
function firebaseHeader(rules: Rule[], path: string): string | undefined {
  return rules.filter((r) => firebaseMatch(r.pattern, path)).at(-1)?.cacheControl;
}

const firebase = firebaseRules(JSON.parse(readFileSync('firebase.json', 'utf8')));
const IMMUTABLE = 'public, max-age=31536000, immutable';

const samples: [string, string][] = [
  ['/_astro/client.C5RI7xnT.js', IMMUTABLE],
  ['/_astro/index.BY6rK3x3.css', IMMUTABLE],
  ['/builds/latest.json', 'no-cache'],
  ['/builds/current.js', 'no-cache'],
  ['/builds/meta/b0bf8905eda2.json', 'no-cache'],
  ['/sw.js', 'no-cache'],
  ['/manifest.webmanifest', 'no-cache'],
  ['/content.sqlite', 'no-cache'],
  ['/search-index.json', 'no-cache'],
  ['/search/rules.json', 'no-cache'],
  ['/search/rules.text.json', 'no-cache'],
  ['/index.html', 'no-cache'],
  ['/rules/combat/index.html', 'no-cache'],
  ['/404.html', 'no-cache'],
];

describe.each(['/', '/guide/'])('host caching rules for a site built with base %s', (base) => {
  const headers = netlifyRules(headersFile(base));
  const at = (path: string) => `${base}${path.slice(1)}`;

  it.each(samples)('%s: the same Cache-Control in _headers and firebase.json', (path, expected) => {
    expect(netlifyHeader(headers, at(path))).toBe(expected);
    expect(firebaseHeader(firebase, at(path))).toBe(expected);
  });

  it('has one _headers rule per caching rule, each under the base', () => {
    expect(headers.map((r) => r.pattern)).toEqual(CACHE_RULES.map((r) => `${base}${r.pattern}`));
  });

  it('every _headers rule has its twin in firebase.json (whose globs match under any base)', () => {
    for (const rule of headers) {
      const relative = rule.pattern.slice(base.length);
      const twin = `**/${relative.endsWith('/*') ? `${relative}*` : relative}`;
      expect(firebase, `firebase.json lacks ${twin}`).toContainEqual({ pattern: twin, cacheControl: rule.cacheControl });
    }
  });

  it('Firebase also revalidates pages asked for by folder (its default would cache them for an hour)', () => {
    expect(firebaseHeader(firebase, at('/rules/combat/'))).toBe('no-cache');
    expect(firebaseHeader(firebase, at('/rules/combat'))).toBe('no-cache');
  });
});

describe('_headers under a sub-path', () => {
  const headers = netlifyRules(headersFile('/guide/'));

  it('gives no rule to addresses outside the base (another site may live there)', () => {
    expect(netlifyHeader(headers, '/_astro/client.C5RI7xnT.js')).toBeUndefined();
    expect(netlifyHeader(headers, '/builds/latest.json')).toBeUndefined();
  });

  it('reads the base however it is written', () => {
    for (const b of ['/guide', 'guide/', '/guide/', '//guide//']) expect(normalBase(b)).toBe('/guide/');
    expect(normalBase('/')).toBe('/');
    expect(normalBase('')).toBe('/');
  });
});
