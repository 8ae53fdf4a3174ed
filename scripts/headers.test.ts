/**
 * The two caching configurations a host may read, public/_headers (Netlify,
 * Cloudflare Pages) and the hosting section of firebase.json, give the same
 * Cache-Control to the same addresses: hashed assets immutable for a year;
 * HTML, latest.json, the build manifest and the service worker revalidated.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';

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

const headers = netlifyRules(readFileSync('public/_headers', 'utf8'));
const firebase = firebaseRules(JSON.parse(readFileSync('firebase.json', 'utf8')));
const IMMUTABLE = 'public, max-age=31536000, immutable';

const samples: [string, string][] = [
  ['/_astro/client.C5RI7xnT.js', IMMUTABLE],
  ['/_astro/index.BY6rK3x3.css', IMMUTABLE],
  ['/builds/latest.json', 'no-cache'],
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

describe('host caching rules', () => {
  it.each(samples)('%s: the same Cache-Control in _headers and firebase.json', (path, expected) => {
    expect(netlifyHeader(headers, path)).toBe(expected);
    expect(firebaseHeader(firebase, path)).toBe(expected);
  });

  it('every _headers rule has its twin in firebase.json', () => {
    for (const rule of headers) {
      const twin = rule.pattern.endsWith('/*') ? `${rule.pattern}*` : rule.pattern.startsWith("/*") ? `**${rule.pattern}` : rule.pattern;
      expect(firebase, `firebase.json lacks ${twin}`).toContainEqual({ pattern: twin, cacheControl: rule.cacheControl });
    }
  });

  it('Firebase also revalidates pages asked for by folder (its default would cache them for an hour)', () => {
    expect(firebaseHeader(firebase, '/rules/combat/')).toBe('no-cache');
    expect(firebaseHeader(firebase, '/rules/combat')).toBe('no-cache');
  });
});
