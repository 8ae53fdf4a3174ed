/**
 * Build benchmark: npm run --silent bench:build -- --pages N [--shape flat|deep] [--touch K] [--keep]
 * Generates a corpus (of the shape asked, scripts/corpus.ts), builds the whole site on it (from an empty build cache)
 * and prints wall time, CPU time (user + system, steadier than wall time on a
 * shared machine), peak memory and output sizes (numbers, never assertions).
 * With --touch K it then changes the text of K pages and builds again with the
 * cache the first build left, into the same folder (as a writer's dist/) and
 * then into an empty one (as a CI runner's): the incremental rebuild's time. --timing prints
 * each build's phases (NUCLEUS_BUILD_TIMING=1) to stderr.
 *
 * Output size: the total and its parts (pages' HTML, database, static
 * answers, search files, precompressed copies, the rest), an average
 * content page's anatomy, and beside them plain Astro building the same
 * pages in the same run (scripts/bench/plain-astro.ts; --no-plain skips it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import { writeCorpus, SHAPES, type Shape } from '../corpus';
import { searchFilesIn } from './search';
import { outputSize, pageAnatomy, PARTS } from './output-size';
import { buildPlainAstro } from './plain-astro';
import { SEARCH_MANIFEST_PATH, isTextsPart } from '../../src/search';
import { CONTENT_DATABASE_FILE } from '../../src/db';

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;

const pages = Number(arg('pages', '1000'));
const work = mkdtempSync(join(tmpdir(), 'nucleus-bench-'));
const corpus = join(work, 'content');
const out = join(work, 'dist');
const shape = arg('shape', 'flat') as Shape;
if (!SHAPES.includes(shape)) {
  console.error(`--shape must be one of ${SHAPES.join(', ')} (got ${shape})`);
  process.exit(2);
}
writeCorpus(corpus, pages, 1, shape);

const cache = join(work, 'cache'); // empty: the first build is a clean one
const timed = existsSync('/usr/bin/time');
const touch = Number(arg('touch', '0'));
if (!Number.isInteger(touch) || touch < 0 || touch > pages) {
  console.error(`--touch must be a whole number of pages between 0 and ${pages} (got ${arg('touch')})`);
  process.exit(2);
}

const timing = process.argv.includes('--timing');

interface Built {
  seconds: number;
  /** User + system CPU seconds of the build and its children (GNU time), or NaN. */
  cpu: number;
  stderr: string;
  stdout: string;
}

function build(label: string, outDir = out): Built {
  const started = Date.now();
  // GNU time (Debian package `time`) reports the peak memory; without it, only time.
  // npm run build, as CI runs it: a rebuild may take the content-only path (scripts/build.ts).
  const [cmd, ...args] = [...(timed ? ['/usr/bin/time', '-v'] : []), 'npm', 'run', '--silent', 'build', '--', '--outDir', outDir];
  const r = spawnSync(cmd!, args, {
    env: { ...process.env, NUCLEUS_CONTENT_DIR: corpus, NUCLEUS_CACHE_DIR: cache, ASTRO_TELEMETRY_DISABLED: '1', ...(timing ? { NUCLEUS_BUILD_TIMING: '1' } : {}) },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 200,
  });
  const seconds = (Date.now() - started) / 1000;
  if (r.status !== 0) {
    console.error(r.stdout.slice(-4000), r.stderr.slice(-4000));
    process.exit(1);
  }
  writeFileSync(join(work, `${label}.log`), `${r.stdout}\n${r.stderr}`); // kept with --keep
  const cpuOf = (name: string) => Number(new RegExp(`${name} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1] ?? NaN);
  if (timing) {
    console.error(`-- ${label} build --`);
    for (const line of r.stdout.split('\n')) if (/\[nucleus:timing\]|\[nucleus\] content-only|Completed in|built in|\[build\]|\[vite\].*built/.test(line)) console.error(line.replace(/\x1b\[[0-9;]*m/g, ''));
  }
  return { seconds, cpu: cpuOf('User') + cpuOf('System'), stderr: r.stderr, stdout: r.stdout };
}

/** K page files spread evenly over the corpus (a fixed choice), each with one sentence added. */
function touchPages(k: number): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.md') && name !== 'index.md') pages.push(p);
    }
  };
  walk(corpus);
  const step = Math.max(1, Math.floor(pages.length / Math.max(1, k)));
  const chosen = pages.filter((_, i) => i % step === 0).slice(0, k);
  for (const file of chosen) writeFileSync(file, readFileSync(file, 'utf8').replace('## Overview\n\n', '## Overview\n\nA writer changed this line.\n\n'));
  return chosen;
}

const full = build('full');
const seconds = full.seconds;
const r = full;
let rebuild: { seconds: number; cpu: number; reused: string; path: string; freshSeconds: number; freshCpu: number } | undefined;
if (touch > 0) {
  touchPages(touch);
  const again = build(`touch-${touch}`);
  const path = /content-only rebuild: \d+ pages? rendered/.test(again.stdout) ? 'content-only' : `astro build (${/content-only rebuild not possible: ([^;]*)/.exec(again.stdout)?.[1] ?? '?'})`;
  // The same change rebuilt into an empty folder, as a CI runner that
  // restored only the build cache does: every file is written.
  touchPages(touch);
  const fresh = build(`touch-${touch}-fresh`, join(work, 'dist-fresh'));
  rebuild = { seconds: again.seconds, cpu: again.cpu, reused: /(\d+ of \d+) pages reused/.exec(again.stdout)?.[1] ?? '?', path, freshSeconds: fresh.seconds, freshCpu: fresh.cpu };
}
const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? 0);
const size = outputSize(out);
const report: Record<string, string | number | Record<string, string | number>> = {
  pages,
  shape,
  wallSeconds: Number(seconds.toFixed(1)),
  secondsPer1000Pages: Number(((seconds / pages) * 1000).toFixed(1)),
  cpuSeconds: Number(full.cpu.toFixed(1)),
  peakMemory: timed ? mb(peakKb * 1024) : 'n/a (install the Debian package time)',
  outputFiles: size.files,
  outputSize: mb(size.total),
  outputParts: Object.fromEntries(PARTS.map((p) => [p, mb(size.parts[p])])),
  // Bytes of an average content page (the corpus's sections): where the HTML goes.
  contentPageBytes: pageAnatomy(out, (rel) => /^section-\d+\//.test(rel)),
};
if (rebuild) {
  report.touchedPages = touch;
  report.rebuildSeconds = Number(rebuild.seconds.toFixed(1));
  report.rebuildShareOfFull = Number((rebuild.seconds / seconds).toFixed(3));
  report.rebuildCpuSeconds = Number(rebuild.cpu.toFixed(1));
  report.rebuildCpuShareOfFull = Number((rebuild.cpu / full.cpu).toFixed(3));
  report.pagesReused = rebuild.reused;
  report.rebuildIntoEmptyFolderSeconds = Number(rebuild.freshSeconds.toFixed(1));
  report.rebuildIntoEmptyFolderCpuSeconds = Number(rebuild.freshCpu.toFixed(1));
  report.rebuildPath = rebuild.path;
}
// The search index: the manifest, postings and page parts; the text parts
// (fetched for excerpts only) apart. Per kind of file: `bench:search --dist`.
if (existsSync(join(out, SEARCH_MANIFEST_PATH))) {
  const files = searchFilesIn(out);
  const total = (paths: string[]) => paths.map((p) => files.get(p) ?? '').reduce((a, t) => ({ raw: a.raw + Buffer.byteLength(t), gzip: a.gzip + gzipSync(t).length }), { raw: 0, gzip: 0 });
  const texts = [...files.keys()].filter((p) => isTextsPart(p));
  const index = total([...files.keys()].filter((p) => !isTextsPart(p)));
  const textTotal = total(texts);
  report.searchFiles = files.size;
  report.searchIndexRaw = mb(index.raw);
  report.searchIndexGzip = mb(index.gzip);
  report.searchTextsRaw = mb(textTotal.raw);
  report.searchTextsGzip = mb(textTotal.gzip);
}
// The database as stored (gzipped, src/db/file.ts) and the SQLite bytes it holds.
if (existsSync(join(out, CONTENT_DATABASE_FILE))) {
  const stored = readFileSync(join(out, CONTENT_DATABASE_FILE));
  report.contentDatabaseStored = mb(stored.length);
  report.contentDatabaseRaw = mb(gunzipSync(stored).length);
}
if (!process.argv.includes('--no-plain')) {
  const plain = buildPlainAstro(work, corpus);
  const plainSize = outputSize(plain.out);
  report.plainAstro = { wallSeconds: Number(plain.seconds.toFixed(1)), outputFiles: plainSize.files, outputSize: mb(plainSize.total), html: mb(plainSize.parts.html) };
  report.outputShareOfPlainAstro = `${(size.total / plainSize.total).toFixed(1)}×`;
}
console.log(JSON.stringify(report, null, 2));
if (!process.argv.includes('--keep')) spawnSync('rm', ['-rf', work]);
else console.log(`kept: ${work}`);
