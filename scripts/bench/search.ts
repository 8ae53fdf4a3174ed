/**
 * Search benchmark: sizes, load time and query latency of the search index.
 *   npm run --silent bench:search -- --content DIR   (builds the index from a content folder, e.g. the generated corpus)
 *   npm run --silent bench:search -- --dist DIR      (reads a built site's search files)
 *   npm run --silent bench:search -- --browser DIR   (a built site in Chromium: bytes and time to the first result, warm queries; search-browser.ts)
 * `bench:query --db …` prints the same figures for the index inside a built database.
 * Numbers, never assertions; on a shared machine times are upper bounds.
 */
import { readFileSync, existsSync } from 'node:fs';
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

/**
 * Figures for the search files of one build: `files` maps a site-relative
 * address (`/search-index.json`, `/search/rules.json`…) to its text; texts
 * files may be missing (then only the index is measured).
 */
export function searchReport(files: Map<string, string>, iterations = 200): Record<string, unknown> {
  const manifest = JSON.parse(files.get(SEARCH_MANIFEST_PATH)!) as SearchManifest;
  const published = manifest.shards.filter((s) => !s.drafts);
  const size = (path: string) => {
    const text = files.get(path);
    return text === undefined ? undefined : { raw: Buffer.byteLength(text), gzip: gzipSync(text).length };
  };
  const shards = manifest.shards.map((s) => ({ ...s, indexSize: size(s.index)!, textSize: size(s.text) }));
  type Size = { raw: number; gzip: number };
  const sum = (xs: (Size | undefined)[]): Size => xs.reduce<Size>((a, x) => ({ raw: a.raw + (x?.raw ?? 0), gzip: a.gzip + (x?.gzip ?? 0) }), { raw: 0, gzip: 0 });
  const manifestSize = size(SEARCH_MANIFEST_PATH)!;
  const index = sum([manifestSize, ...shards.filter((s) => !s.drafts).map((s) => s.indexSize)]);
  const texts = sum(shards.filter((s) => !s.drafts).map((s) => s.textSize));

  // Load as the browser does: parse the manifest and every published shard.
  const load = () => {
    const engine = new SearchEngine();
    JSON.parse(files.get(SEARCH_MANIFEST_PATH)!);
    for (const s of published) engine.addShard(JSON.parse(files.get(s.index)!));
    return engine;
  };
  const loads: number[] = [];
  let engine = load();
  const loadCpu = process.cpuUsage();
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    engine = load();
    loads.push(performance.now() - t);
  }
  const loadCpuUsed = process.cpuUsage(loadCpu);
  // The first query also decodes the postings it needs.
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

  // What a browser fetches before the first result of a fresh search today:
  // the manifest and every published shard (gzipped, as sent; the dialog's
  // code is not counted here). Section texts follow, for the excerpts.
  return {
    pages: published.reduce((n, s) => n + s.pages, 0),
    sections: published.reduce((n, s) => n + s.sections, 0),
    shards: published.length,
    indexRaw: mb(index.raw),
    indexGzip: mb(index.gzip),
    textsRaw: texts.raw ? mb(texts.raw) : 'n/a',
    textsGzip: texts.gzip ? mb(texts.gzip) : 'n/a',
    perShard: Object.fromEntries(
      shards.map((s) => [
        s.name + (s.drafts ? ' (preview only)' : ''),
        `${s.pages} pages, ${s.sections} sections; index ${kb(s.indexSize.raw)} / ${kb(s.indexSize.gzip)} gz` +
          (s.textSize ? `; texts ${kb(s.textSize.raw)} / ${kb(s.textSize.gzip)} gz` : ''),
      ]),
    ),
    manifest: `${kb(manifestSize.raw)} / ${kb(manifestSize.gzip)} gz`,
    loadMs: { ...stats(loads), meanCpuMs: Number(((loadCpuUsed.user + loadCpuUsed.system) / 1000 / loads.length).toFixed(1)) },
    firstQuery: { ms: Number(firstQueryMs.toFixed(1)), cpuMs: Number(((firstCpuUsed.user + firstCpuUsed.system) / 1000).toFixed(1)) },
    bytesBeforeFirstResultGzip: kb(index.gzip),
    matchingSections: { plasma: hits('plasma'), 'plasmma rifle': hits('plasmma rifle'), p: hits('p') },
    oneWord: time(ONE_WORD),
    twoWords: time(TWO_WORDS),
    typingOneToThreeLetters: time(TYPING),
  };
}

/** The search files of a built site folder (`dist`). */
export function searchFilesIn(dist: string): Map<string, string> {
  const files = new Map<string, string>();
  const manifestText = readFileSync(join(dist, SEARCH_MANIFEST_PATH), 'utf8');
  files.set(SEARCH_MANIFEST_PATH, manifestText);
  for (const s of (JSON.parse(manifestText) as SearchManifest).shards) {
    for (const path of [s.index, s.text]) if (existsSync(join(dist, path))) files.set(path, readFileSync(join(dist, path), 'utf8'));
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
    const { browserReport } = await import('./search-browser');
    console.log(JSON.stringify(await browserReport(browser, arg('query') ?? 'plasma', Number(arg('runs') ?? 5)), null, 2));
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
    console.error('usage: npm run --silent bench:search -- --content DIR | --dist DIR | --browser DIST [--query WORD] [--runs N]');
    process.exit(2);
  }
  console.log(JSON.stringify({ ...(buildMs === undefined ? {} : { indexBuildMs: Math.round(buildMs) }), ...searchReport(files) }, null, 2));
}
