/**
 * Search benchmark: sizes, load time and query latency of the search index.
 *   npm run --silent bench:search -- --content DIR   (builds the index from a content folder, e.g. the generated corpus)
 *   npm run --silent bench:search -- --dist DIR      (reads a built site's search files)
 *   npm run --silent bench:search -- --browser DIR [--query Q]… [--runs N]
 *     (a built site in Chromium beside Pagefind, over a set of queries: bytes and time to the first result
 *     at median, p95 and max, warm queries; search-browser.ts)
 * `bench:query --db …` prints the same figures for the index inside a built database.
 * Numbers, never assertions; on a shared machine times are upper bounds.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { SearchEngine, SEARCH_MANIFEST_PATH, type SearchManifest } from '../../src/search';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { medianMs: Number(q(0.5).toFixed(3)), p95Ms: Number(q(0.95).toFixed(3)) };
}

// Words of the generated corpus (scripts/corpus.ts), as typed: whole, cut
// short (prefix) and mistyped (fuzzy).
const ONE_WORD = ['pulse', 'drone', 'reactor', 'plasma', 'cipher', 'signal', 'overch', 'arcolgy', 'netrunnr', 'quarant', 'frieghter', 'bea'];
const TWO_WORDS = ['plasma rifle', 'void signal', 'neon market', 'drone relay', 'ghost uplink', 'overcharge edg', 'plasmma rifle', 'reactor cor'];
const TYPING = ['p', 'pl', 'pla', 'n', 'ne', 'neo'];

type Size = { raw: number; gzip: number };
const sizeOf = (text: string): Size => ({ raw: Buffer.byteLength(text), gzip: gzipSync(text).length });
const sum = (xs: Size[]): Size => xs.reduce<Size>((a, x) => ({ raw: a.raw + x.raw, gzip: a.gzip + x.gzip }), { raw: 0, gzip: 0 });
const kindOf = (path: string) => (path === SEARCH_MANIFEST_PATH ? 'manifest' : (/\/(postings|pages|texts)-\d+\.json$/.exec(path)?.[1] ?? 'other'));

/**
 * Figures for the search files of one build: `files` maps a site-relative
 * address (`/search-index.json`, `/search/site/postings-0.json`…) to its
 * text.
 */
export function searchReport(files: Map<string, string>, iterations = 200): Record<string, unknown> {
  const manifestText = files.get(SEARCH_MANIFEST_PATH)!;
  const manifest = JSON.parse(manifestText) as SearchManifest;
  const sizes = new Map([...files].map(([path, text]) => [path, sizeOf(text)]));
  const byKind: Record<string, string> = {};
  for (const kind of ['manifest', 'postings', 'pages', 'texts']) {
    const mine = [...sizes].filter(([p]) => kindOf(p) === kind).map(([, s]) => s);
    const all = sum(mine);
    byKind[kind] = `${mine.length} file${mine.length === 1 ? '' : 's'}, ${mb(all.raw)} / ${mb(all.gzip)} gz (largest ${kb(Math.max(0, ...mine.map((m) => m.gzip)))} gz)`;
  }

  // What a fresh search fetches before its first result, as the dialog does:
  // the manifest, then whatever each search asks for, until a result shows.
  const firstResult = (query: string) => {
    const engine = new SearchEngine();
    engine.addManifest(JSON.parse(manifestText) as SearchManifest);
    const fetched = [sizes.get(SEARCH_MANIFEST_PATH)!];
    let parts = 0;
    for (;;) {
      const r = engine.search(query, { limit: 40 });
      if (r.hits.length > 0 || r.missing.length === 0) break;
      for (const path of r.missing) {
        engine.addPart(JSON.parse(files.get(path)!));
        fetched.push(sizes.get(path)!);
        parts++;
      }
    }
    return `${kb(sum(fetched).gzip)} gz in ${parts + 1} files`;
  };

  // Load as the browser does at opening: parse the manifest and add its heads.
  const load = () => {
    const engine = new SearchEngine();
    engine.addManifest(JSON.parse(manifestText) as SearchManifest);
    return engine;
  };
  const loads: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    load();
    loads.push(performance.now() - t);
  }
  // Warm figures: every part added (what a long session ends up with).
  const engine = load();
  for (const [path, text] of files) if (path !== SEARCH_MANIFEST_PATH) engine.addPart(JSON.parse(text));
  const firstCpu = process.cpuUsage();
  let t = performance.now();
  engine.search('plasma');
  const firstQueryMs = performance.now() - t;
  const firstCpuUsed = process.cpuUsage(firstCpu);

  // Wall-clock median/p95, and the mean CPU time of this process per query:
  // on a machine shared with other work the wall clock also counts the time
  // spent waiting for a core, the CPU time does not.
  const time = (queries: string[]) => {
    for (const q of queries) engine.search(q); // warm
    const out: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < iterations; i++) {
      const q = queries[i % queries.length]!;
      t = performance.now();
      engine.search(q, { limit: 40 });
      out.push(performance.now() - t);
    }
    const used = process.cpuUsage(cpu);
    return { ...stats(out), meanCpuMs: Number(((used.user + used.system) / 1000 / iterations).toFixed(3)) };
  };
  const hits = (q: string) => engine.search(q).total;
  const site = manifest.indexes.find((i) => !i.drafts);

  return {
    pages: site?.pages ?? 0,
    sections: site?.sections ?? 0,
    terms: site?.terms.length ?? 0,
    files: byKind,
    fetchedBeforeFirstResult: Object.fromEntries(['plasma', 'plasma rifle', 'overch', 'frieghter', 'p'].map((q) => [q, firstResult(q)])),
    manifestLoadMs: stats(loads),
    firstQueryWarm: { ms: Number(firstQueryMs.toFixed(1)), cpuMs: Number(((firstCpuUsed.user + firstCpuUsed.system) / 1000).toFixed(1)) },
    matchingSections: { plasma: hits('plasma'), 'plasmma rifle': hits('plasmma rifle'), p: hits('p') },
    oneWord: time(ONE_WORD),
    twoWords: time(TWO_WORDS),
    typingOneToThreeLetters: time(TYPING),
  };
}

/** The search files of a built site folder (`dist`): the manifest and every part. */
export function searchFilesIn(dist: string): Map<string, string> {
  const files = new Map<string, string>();
  files.set(SEARCH_MANIFEST_PATH, readFileSync(join(dist, SEARCH_MANIFEST_PATH), 'utf8'));
  const root = join(dist, 'search');
  if (existsSync(root)) {
    for (const index of readdirSync(root)) {
      for (const name of readdirSync(join(root, index))) files.set(`/search/${index}/${name}`, readFileSync(join(root, index, name), 'utf8'));
    }
  }
  return files;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const content = arg('content');
  const dist = arg('dist');
  const browser = arg('browser');
  if (browser) {
    const { browserReport, QUERIES } = await import('./search-browser');
    // Each --query given, or the default set; one query is run 5 times, a set once.
    const asked = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--query' ? [a] : []));
    const queries = asked.length ? asked : QUERIES;
    console.log(JSON.stringify(await browserReport(browser, queries, Number(arg('runs') ?? (queries.length === 1 ? 5 : 1))), null, 2));
    process.exit(0);
  }
  let files: Map<string, string>;
  let buildMs: number | undefined;
  if (content) {
    const { loadSite, siteSections } = await import('../../src/content');
    const { createSearchIndex } = await import('../../src/search');
    const site = loadSite(content);
    const t = performance.now();
    files = createSearchIndex(siteSections(site), site.integrity).files;
    buildMs = performance.now() - t;
  } else if (dist) {
    files = searchFilesIn(dist);
  } else {
    console.error('usage: npm run --silent bench:search -- --content DIR | --dist DIR | --browser DIST [--query Q]… [--runs N]');
    process.exit(2);
  }
  console.log(JSON.stringify({ ...(buildMs === undefined ? {} : { indexBuildMs: Math.round(buildMs) }), ...searchReport(files) }, null, 2));
}
