/**
 * Parsing the pages while Astro bundles. A full build spends its first part
 * in Vite's two bundles (about 10 s at any size), with one core mostly idle
 * on a two-core machine, and then loads the content on the main thread
 * (17–22 s at 5,000 pages with an empty parse cache). So at
 * `astro:build:start` the pages the parse cache lacks are parsed on worker
 * threads; once Vite's bundles are done, before the first page renders (the
 * prerenderer's set-up, BuildContext.beforePages), the main
 * thread parses beside them what is left (they share one counter of files),
 * and every entry joins the parse cache: the load then finds every page parsed. The
 * entries are exactly what the load computes (the same `markdownEntry`), so
 * the output does not depend on it (scripts/incremental.test.ts). A failed
 * worker costs nothing but the time: the load parses what is missing. Node only.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { contentDirFromEnv, contentFiles } from '../content';
import { openParseCache } from './cache';
import { buildContext } from './context';
import { workerBundle } from './workerBundle';
import { startPhase, endPhase } from './timing';
import { parseFiles, type ParseAheadJob } from './parseAheadJob';

/** Below this many pages a worker's start costs more than it saves. */
export const PARSE_AHEAD_MIN_PAGES = 200;

let running: ParseAhead | undefined;

function runWorker(script: string, job: ParseAheadJob): Promise<[string, Uint8Array][]> {
  return new Promise((done, fail) => {
    const worker = new Worker(script, { workerData: job });
    worker.once('message', done);
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the worker stopped (exit code ${code}) before it answered`)));
  });
}

/** The main thread keeps bundling: the other cores are the workers' (one on a two-core machine). */
const workerCount = () => Math.min(4, Math.max(1, availableParallelism() - 1));

/** Parse-ahead under way: its workers' answers, and the counter the main thread joins in on. */
export interface ParseAhead {
  job: ParseAheadJob;
  workers: Promise<[string, Uint8Array][][]>;
  started: ReturnType<typeof startPhase>;
}

/** Starts parsing the Markdown files whose keys are not among `cached` on worker threads. */
export function startParsing(contentDir: string, cached: string[], files: string[], workers = workerCount()): ParseAhead {
  const job: ParseAheadJob = { contentDir, files, cached, next: new SharedArrayBuffer(4) };
  const started = startPhase();
  const answers = workerBundle('parse-ahead', 'src/build/parseAhead.worker.ts')
    .then((script) => Promise.all(Array.from({ length: workers }, () => runWorker(script, job))))
    .catch((error: Error) => {
      // The files a failed worker took are parsed by the load, which reports any problem with its line.
      console.warn(`[nucleus] parsing pages on a worker thread failed (${error.message}); the load parses what is missing`);
      return [];
    });
  return { job, workers: answers, started };
}

/**
 * Parses what is left beside the workers (the main thread is free once the
 * bundles are done), then gathers every entry.
 */
export async function finishParsing({ job, workers, started }: ParseAhead): Promise<Map<string, Uint8Array>> {
  const own = parseFiles(job);
  const entries = new Map([...(await workers).flat(), ...own]);
  endPhase(`pages parsed ahead (${entries.size} of ${job.files.length}; ${own.length} of them after bundling on the main thread)`, started);
  return entries;
}

/** Parses the Markdown files whose keys are not among `cached`: their entries, serialised, by cache key. */
export const parseAhead = (contentDir: string, cached: string[], files: string[], workers?: number): Promise<Map<string, Uint8Array>> =>
  finishParsing(startParsing(contentDir, cached, files, workers));

/** Starts parsing, on worker threads, the pages the parse cache lacks (a build with its cache on, and enough pages). */
export function startParseAhead(contentDir = contentDirFromEnv()): void {
  running = undefined;
  const cache = openParseCache()?.share();
  if (!cache || !existsSync(contentDir)) return;
  const markdown = contentFiles(contentDir).filter((file) => /\.md$/i.test(file));
  const cached = cache.keys();
  if (markdown.length - cached.length < PARSE_AHEAD_MIN_PAGES) return;
  running = startParsing(contentDir, cached, markdown);
}

/** Parses what is left beside the workers, and hands every entry to the load (src/build/site.ts adopts them). */
export async function finishParseAhead(): Promise<void> {
  if (!running) return;
  const entries = await finishParsing(running);
  running = undefined;
  if (entries.size > 0) buildContext().parsedAhead = entries;
}
