/**
 * The header configurations a host may read, the `_headers` file the build
 * writes (Netlify, Cloudflare Pages), `serve.json` (the static server of the
 * end-to-end tests) and the hosting section of firebase.json: the same
 * Cache-Control for the same addresses, at `/` and under a sub-path (hashed
 * assets immutable for a year; pages however they are asked for, latest.json,
 * the build manifest and the service worker revalidated), and the security
 * headers on every file.
 */
import { describe, it, expect } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { headersFile, normalBase, pageAddresses, pagePatterns, serveConfig, CACHE_RULES, type PageAddresses } from '../src/build/headers';
import { sitePolicy, serviceSources, STATIC_POLICY, serializePolicy, type Policy } from '../src/security/policy';
import { scratchDir } from '../src/content/testing';

type Rule = { pattern: string; cacheControl: string };

/** `_headers`: a path line, then indented `Name: value` lines; `*` matches anything. */
function netlifyHeaderLines(text: string, header: string): Rule[] {
  const rules: Rule[] = [];
  let pattern: string | undefined;
  const line = new RegExp(`^\\s+${header}:\\s*(.+)$`, 'i');
  for (const l of text.split('\n')) {
    if (!l.trim() || l.trim().startsWith('#')) continue;
    if (!/^\s/.test(l)) pattern = l.trim();
    else {
      const m = line.exec(l);
      if (m && pattern) rules.push({ pattern, cacheControl: m[1]!.trim() });
    }
  }
  return rules;
}
const netlifyRules = (text: string) => netlifyHeaderLines(text, 'cache-control');


type FirebaseConfig = { hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] } };

function firebaseHeaderLines(config: FirebaseConfig, header: string): Rule[] {
  return config.hosting.headers.flatMap((h) =>
    h.headers.filter((x) => x.key.toLowerCase() === header.toLowerCase()).map((x) => ({ pattern: h.source, cacheControl: x.value })),
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

const firebaseConfig = JSON.parse(readFileSync('firebase.json', 'utf8')) as FirebaseConfig;
const firebase = firebaseHeaderLines(firebaseConfig, 'cache-control');
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The pages of a build like the site's: folders of pages and the HTML files at the top. */
const PAGES: PageAddresses = { folders: ['galacticguide', 'login', 'nucleus', 'offline', 'rules'], files: ['404.html', 'index.html'] };
const POLICY: Policy = sitePolicy(['dGVzdA=='], serviceSources({ PUBLIC_FIREBASE_API_KEY: 'key', PUBLIC_FIREBASE_PROJECT_ID: 'nucleus-prod' }));

const samples: [string, string][] = [
  ['/_astro/client.C5RI7xnT.js', IMMUTABLE],
  ['/_astro/index.BY6rK3x3.css', IMMUTABLE],
  ['/builds/latest.json', 'no-cache'],
  ['/builds/current.js', 'no-cache'],
  ['/builds/meta/b0bf8905eda2.json', 'no-cache'],
  ['/sw.js', 'no-cache'],
  ['/manifest.webmanifest', 'no-cache'],
  ['/content.sqlite.gz', 'no-cache'],
  ['/search-index.json', 'no-cache'],
  ['/search/site/postings-0.json', 'no-cache'],
  ['/search/site/texts-3.json', 'no-cache'],
  ['/index.html', 'no-cache'],
  ['/rules/combat/index.html', 'no-cache'],
  ['/404.html', 'no-cache'],
  // Pages as readers ask for them: by folder, with and without the slash.
  ['/', 'no-cache'],
  ['/rules', 'no-cache'],
  ['/rules/', 'no-cache'],
  ['/rules/combat', 'no-cache'],
  ['/rules/combat/', 'no-cache'],
  ['/nucleus/CharacterEditor', 'no-cache'],
  ['/login', 'no-cache'],
];

describe.each(['/', '/guide/'])('host caching rules for a site built with base %s', (base) => {
  const text = headersFile(base, PAGES, POLICY);
  const headers = netlifyRules(text);
  const at = (path: string) => `${base}${path.slice(1)}`;

  it.each(samples)('%s: the same Cache-Control in _headers and firebase.json', (path, expected) => {
    expect(netlifyHeader(headers, at(path))).toBe(expected);
    expect(firebaseHeader(firebase, at(path))).toBe(expected);
  });

  it('has one _headers rule per caching rule and per page address, each under the base', () => {
    const bare = base === '/' ? [] : [base.slice(0, -1)];
    expect(headers.map((r) => r.pattern)).toEqual([...CACHE_RULES.map((r) => `${base}${r.pattern}`), ...bare, ...pagePatterns(PAGES).map((p) => `${base}${p}`)]);
  });

  it('every caching rule of _headers has its twin in firebase.json (whose globs match under any base)', () => {
    for (const rule of netlifyRules(headersFile(base, { folders: [], files: [] }, POLICY)).filter((r) => r.pattern.length > base.length)) {
      const relative = rule.pattern.slice(base.length);
      const twin = `**/${relative.endsWith('/*') ? `${relative}*` : relative}`;
      expect(firebase, `firebase.json lacks ${twin}`).toContainEqual({ pattern: twin, cacheControl: rule.cacheControl });
    }
  });

  it('types the gzipped content database as gzip in _headers and firebase.json, and nothing else', () => {
    const types = netlifyHeaderLines(text, 'content-type');
    expect(types).toEqual([{ pattern: at('/content.sqlite.gz'), cacheControl: 'application/gzip' }]);
    expect(firebaseHeader(firebaseHeaderLines(firebaseConfig, 'content-type'), at('/content.sqlite.gz'))).toBe('application/gzip');
    expect(firebaseHeader(firebaseHeaderLines(firebaseConfig, 'content-type'), at('/search-index.json'))).toBeUndefined();
  });

  it('Firebase also revalidates pages asked for by folder (its default would cache them for an hour)', () => {
    expect(firebaseHeader(firebase, at('/rules/combat/'))).toBe('no-cache');
    expect(firebaseHeader(firebase, at('/rules/combat'))).toBe('no-cache');
  });

  it.each(['/', '/rules/combat', '/rules/combat/index.html', '/_astro/client.C5RI7xnT.js', '/sw.js', '/content.sqlite.gz', '/404.html'])(
    '%s: every file gets the policy, nosniff and the referrer policy, once, in _headers and firebase.json',
    (path) => {
      const policy = serializePolicy(POLICY, 'header');
      expect(netlifyHeaderLines(text, 'content-security-policy').filter((r) => netlifyMatch(r.pattern, at(path))).map((r) => r.cacheControl)).toEqual([policy]);
      expect(netlifyHeaderLines(text, 'x-content-type-options').filter((r) => netlifyMatch(r.pattern, at(path))).map((r) => r.cacheControl)).toEqual(['nosniff']);
      expect(netlifyHeaderLines(text, 'referrer-policy').filter((r) => netlifyMatch(r.pattern, at(path))).map((r) => r.cacheControl)).toEqual(['strict-origin-when-cross-origin']);
      expect(firebaseHeader(firebaseHeaderLines(firebaseConfig, 'content-security-policy'), at(path))).toBe(serializePolicy(STATIC_POLICY, 'header'));
      expect(firebaseHeader(firebaseHeaderLines(firebaseConfig, 'x-content-type-options'), at(path))).toBe('nosniff');
      expect(firebaseHeader(firebaseHeaderLines(firebaseConfig, 'referrer-policy'), at(path))).toBe('strict-origin-when-cross-origin');
    },
  );
});

describe('_headers under a sub-path', () => {
  const text = headersFile('/guide/', PAGES, POLICY);
  const headers = netlifyRules(text);

  it('gives no rule to addresses outside the base (another site may live there)', () => {
    expect(netlifyHeader(headers, '/_astro/client.C5RI7xnT.js')).toBeUndefined();
    expect(netlifyHeader(headers, '/builds/latest.json')).toBeUndefined();
    expect(netlifyHeader(headers, '/rules/combat')).toBeUndefined();
    expect(netlifyHeaderLines(text, 'content-security-policy').filter((r) => netlifyMatch(r.pattern, '/other/index.html'))).toEqual([]);
  });

  it('revalidates the site root asked for without its slash, and secures it', () => {
    expect(netlifyHeader(headers, '/guide')).toBe('no-cache');
    expect(netlifyHeaderLines(text, 'content-security-policy').filter((r) => netlifyMatch(r.pattern, '/guide'))).toHaveLength(1);
  });

  it('reads the base however it is written', () => {
    for (const b of ['/guide', 'guide/', '/guide/', '//guide//']) expect(normalBase(b)).toBe('/guide/');
    expect(normalBase('/')).toBe('/');
    expect(normalBase('')).toBe('/');
  });
});

describe('the page addresses of a build', () => {
  it('are the folders that hold pages and the HTML files at the top, not the asset folders', () => {
    const out = scratchDir('nucleus-headers-');
    const files = ['index.html', '404.html', 'sw.js', 'rules/index.html', 'rules/combat/index.html', 'nucleus/CharacterEditor/index.html', '_astro/a.js', 'builds/current.js', 'search/site/pages-0.json', 'icons/icon-192.png', 'api/pages/x.json'];
    for (const f of files) {
      mkdirSync(join(out, f, '..'), { recursive: true });
      writeFileSync(join(out, f), '');
    }
    expect(pageAddresses(out)).toEqual({ folders: ['nucleus', 'rules'], files: ['404.html', 'index.html'] });
  });
});

describe('serve.json', () => {
  it('gives every file the same security headers as _headers', () => {
    const config = JSON.parse(serveConfig(POLICY)) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    expect(config.headers).toEqual([
      {
        source: '**',
        headers: [
          { key: 'Content-Security-Policy', value: serializePolicy(POLICY, 'header') },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ]);
  });
});
