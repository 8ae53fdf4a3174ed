/**
 * Build benchmark:
 *   npm run --silent bench:build -- --pages N [--shape flat|deep|uneven] [--runs R] [--no-plain] [--touch K] [--keep] [--timing]
 * Generates a corpus (of the shape asked, scripts/corpus.ts) and builds it R
 * times (default 3) with Nucleus and with two plain Astro 7 anchors
 * (scripts/bench/plain-astro.ts: Astro's default Markdown and its unified
 * pipeline), interleaved (Nucleus, default, unified, Nucleus, …) so that a
 * change in the machine's load falls on all three alike. Every build is
 * cold: Nucleus from an empty build cache into an empty folder, plain Astro
 * with its caches emptied. It prints the medians of wall time and CPU time
 * (user + system of the build and its children, GNU time: steadier than wall
 * time on a shared machine) of each, Nucleus's over each anchor's (the
 * ratios of medians from the same run), peak memory and output sizes
 * (numbers, never assertions). --no-plain builds Nucleus only.
 * With --touch K it then changes the text of K pages and builds again with the
 * cache the last full build left, into the same folder (as a writer's dist/) and
 * then into an empty one (as a CI runner's): the incremental rebuild's time. --timing prints
 * each build's phases (NUCLEUS_BUILD_TIMING=1) to stderr.
 *
 * Output size: the total and its parts (pages' HTML, database, static
 * answers, search files, precompressed copies, the rest), an average
 * content page's anatomy, and beside them the anchors' outputs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import { writeCorpus, SHAPES, type Shape } from '../corpus';
import { searchFilesIn } from './search';
import { outputSize, pageAnatomy, PARTS } from './output-size';
import { buildPlainAstro, preparePlainAstro, PLAIN_MARKDOWN, type PlainMarkdown } from './plain-astro';
import { hasGnuTime, median, timed, type Timed } from './timed';
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

const cache = join(work, 'cache'); // emptied before every full build: each is a clean one
const touch = Number(arg('touch', '0'));
if (!Number.isInteger(touch) || touch < 0 || touch > pages) {
  console.error(`--touch must be a whole number of pages between 0 and ${pages} (got ${arg('touch')})`);
  process.exit(2);
}
const runs = Number(arg('runs', '3'));
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number from 1 (got ${arg('runs')})`);
  process.exit(2);
}
const plain = !process.argv.includes('--no-plain');

const timing = process.argv.includes('--timing');

function build(label: string, outDir = out): Timed {
  // npm run build, as CI runs it: a rebuild may take the content-only path (scripts/build.ts).
  const r = timed('npm', ['run', '--silent', 'build', '--', '--outDir', outDir], {
    env: { ...process.env, NUCLEUS_CONTENT_DIR: corpus, NUCLEUS_CACHE_DIR: cache, ASTRO_TELEMETRY_DISABLED: '1', ...(timing ? { NUCLEUS_BUILD_TIMING: '1' } : {}) },
  });
  if (r.status !== 0) {
    console.error(r.stdout.slice(-4000), r.stderr.slice(-4000));
    process.exit(1);
  }
  writeFileSync(join(work, `${label}.log`), `${r.stdout}\n${r.stderr}`); // kept with --keep
  if (timing) {
    console.error(`-- ${label} build --`);
    for (const line of r.stdout.split('\n')) if (/\[nucleus:timing\]|\[nucleus\] content-only|Completed in|built in|\[build\]|\[vite\].*built/.test(line)) console.error(line.replace(/\x1b\[[0-9;]*m/g, ''));
  }
  return r;
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

// R rounds, each Nucleus then each anchor, every build cold. The last
// Nucleus build's folder and cache are left for the rebuild and the sizes.
const anchors = plain ? PLAIN_MARKDOWN.map((markdown) => preparePlainAstro(work, corpus, markdown)) : [];
const fulls: Timed[] = [];
const anchorRuns = new Map<PlainMarkdown, Timed[]>(anchors.map((a) => [a.markdown, []]));
const s1 = (x: number) => x.toFixed(1);
for (let i = 1; i <= runs; i++) {
  rmSync(out, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
  const f = build(`full-${i}`);
  fulls.push(f);
  const done = [`nucleus ${s1(f.seconds)} s`];
  for (const anchor of anchors) {
    const r = buildPlainAstro(anchor);
    anchorRuns.get(anchor.markdown)!.push(r);
    done.push(`plain ${anchor.markdown} ${s1(r.seconds)} s`);
  }
  console.error(`run ${i}/${runs}: ${done.join(', ')}`);
}
const full = { seconds: median(fulls.map((f) => f.seconds)), cpu: median(fulls.map((f) => f.cpu)) };
const seconds = full.seconds;
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
const peakKb = Math.max(...fulls.map((f) => f.peakKb));
const size = outputSize(out);
const r1 = (x: number) => Number(x.toFixed(1));
/** Each run's seconds, in the order they ran. */
const each = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
const report: Record<string, unknown> = {
  pages,
  shape,
  runs,
  // Medians of the runs.
  wallSeconds: r1(seconds),
  secondsPer1000Pages: r1((seconds / pages) * 1000),
  cpuSeconds: r1(full.cpu),
  wallSecondsEachRun: each(fulls.map((f) => f.seconds)),
  cpuSecondsEachRun: each(fulls.map((f) => f.cpu)),
  peakMemory: hasGnuTime ? mb(peakKb * 1024) : 'n/a (install the Debian package time)',
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
if (anchors.length) {
  // Each anchor's medians, and Nucleus's medians over them (above 1: Nucleus takes longer).
  const plainAstro: Record<string, unknown> = {};
  const nucleusOverPlainAstro: Record<string, unknown> = {};
  const outputShareOfPlainAstro: Record<string, string> = {};
  for (const anchor of anchors) {
    const done = anchorRuns.get(anchor.markdown)!;
    const wall = median(done.map((d) => d.seconds));
    const cpu = median(done.map((d) => d.cpu));
    const plainSize = outputSize(anchor.out);
    plainAstro[anchor.markdown] = {
      wallSeconds: r1(wall),
      cpuSeconds: r1(cpu),
      wallSecondsEachRun: each(done.map((d) => d.seconds)),
      cpuSecondsEachRun: each(done.map((d) => d.cpu)),
      peakMemory: hasGnuTime ? mb(Math.max(...done.map((d) => d.peakKb)) * 1024) : 'n/a',
      outputFiles: plainSize.files,
      outputSize: mb(plainSize.total),
      html: mb(plainSize.parts.html),
    };
    nucleusOverPlainAstro[anchor.markdown] = { wall: Number((seconds / wall).toFixed(2)), cpu: Number((full.cpu / cpu).toFixed(2)) };
    outputShareOfPlainAstro[anchor.markdown] = `${(size.total / plainSize.total).toFixed(1)}×`;
  }
  Object.assign(report, { plainAstro, nucleusOverPlainAstro, outputShareOfPlainAstro });
}
console.log(JSON.stringify(report, null, 2));
if (!process.argv.includes('--keep')) spawnSync('rm', ['-rf', work]);
else console.log(`kept: ${work}`);
