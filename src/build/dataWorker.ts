/**
 * The data files on a worker thread. Astro renders the pages on the main
 * thread, one at a time, while the other core of a two-core machine is
 * mostly idle; the content database, search index and static API answers
 * (about 5 s at 5,000 pages) were then made on the main thread too, inside
 * the render of /content.sqlite.gz. So once the parse cache on disk holds
 * every page (after the full build's load once the bundles are done), a
 * worker builds them from that cache with the same function
 * (dataFiles.worker.ts), and the endpoints only await its answer
 * (src/build/dataFiles.ts). Without a build cache the worker would parse every
 * page again: the main thread makes them as before. A failure in the worker
 * fails the build with the sentence the main thread would have given.
 * Node only.
 */
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { SearchFiles } from '../search';
import { navigationApiPath } from '../db';
import { NAVIGATION_QUERY, type Site } from '../content';
import { cacheDir, flushWrites, valueCacheFile } from './cache';
import type { BuildContext } from './context';
import { getSite } from './site';
import { startCompressing } from './compression';
import { madeBundle, workerBundle } from './workerBundle';

export const DATA_WORKER = { name: 'data-files', entry: 'src/build/dataFiles.worker.ts' };

export interface DataWorkerJob {
  contentDir: string;
}

/** What the endpoints write: the gzipped database, the search files and the static answers. */
export interface DataFilesBuilt {
  /** The content integrity the worker's load found (the main thread's, unless a file changed meanwhile). */
  integrity: string;
  file: Uint8Array<ArrayBuffer>;
  search: SearchFiles;
  answers: Map<string, string>;
}

export type DataWorkerReply = DataFilesBuilt | { failure: { name: string; message: string } };

/** A data files worker under way. */
export interface DataWorker {
  contentDir: string;
  /** Its files; undefined when the worker itself could not run (the main thread then makes them). */
  built: Promise<DataFilesBuilt | undefined>;
  /** Ends the worker (a build that falls back or stops does not wait for it). */
  stop(): Promise<void>;
}

/** Bundles the worker's code ahead of need (at `astro:build:start`, while Vite bundles). */
export function prepareDataWorker(): void {
  if (cacheDir()) workerBundle(DATA_WORKER.name, DATA_WORKER.entry).catch(() => undefined);
}

/**
 * Starts building the data files of `contentDir` on a worker thread, or
 * returns undefined when the build cache is off. `building`: start their
 * compressed copies when they arrive (the worker's would be lost with it).
 */
export function startDataWorker(contentDir: string, building = true): DataWorker | undefined {
  if (!cacheDir()) return undefined;
  let worker: Worker | undefined;
  let stopped = false;
  const spawn = (script: string) =>
    new Promise<DataWorkerReply | undefined>((done) => {
      if (stopped) return done(undefined);
      const job: DataWorkerJob = { contentDir };
      // Compressed copies are started on this thread when the files arrive.
      worker = new Worker(script, { workerData: job, env: { ...process.env, NUCLEUS_COMPRESSED_COPIES: '' } });
      let answered = false;
      const fallBack = (why: string) => {
        if (answered || stopped) return done(undefined);
        answered = true;
        done(cannotRun(why));
      };
      worker.once('message', (reply: DataWorkerReply) => {
        answered = true;
        done(reply);
      });
      worker.once('error', (error) => fallBack(error.message));
      worker.once('exit', (code) => fallBack(`it stopped with exit code ${code} before it answered`));
    });
  // Started at once when its bundle is already made (by prepareDataWorker, while Vite bundled).
  const made = madeBundle(DATA_WORKER.name);
  const replied = made ? spawn(made) : workerBundle(DATA_WORKER.name, DATA_WORKER.entry).then(spawn, (error: Error) => cannotRun(error.message));
  // The content's or the database's own error fails the build with its sentence.
  const built = replied.then((reply) => {
    if (reply && 'failure' in reply) throw Object.assign(new Error(reply.failure.message), { name: reply.failure.name });
    return reply;
  });
  const started = built.then((files) => {
    if (files && building) startCopies(files);
    return files;
  });
  started.catch(() => undefined); // awaited by the endpoints; a failure reaches them there
  return {
    contentDir,
    built: started,
    async stop() {
      stopped = true;
      await worker?.terminate();
    },
  };
}

/** The worker itself could not run (its bundle, a crash): the main thread makes the data files, as without it. */
function cannotRun(why: string): undefined {
  console.warn(`[nucleus] making the data files on a worker thread failed (${why.split('\n')[0]}); the main thread makes them`);
  return undefined;
}

/** The copies the main thread's buildDatabase starts: the search files' and the navigation answer's. */
function startCopies({ search, answers, integrity }: DataFilesBuilt): void {
  for (const text of search.files.values()) startCompressing(text);
  const navigation = answers.get(navigationApiPath(NAVIGATION_QUERY, integrity));
  if (navigation !== undefined) startCompressing(navigation);
}

/**
 * The full build, once the bundles are done (BuildContext.beforePages): loads the site here (the pages'
 * copy of src/build/site.ts takes this one, as in the content-only rebuild),
 * waits for the parse cache it saved to be on disk, and starts the worker,
 * which then runs beside the pages' rendering.
 */
export async function startDataWorkerAfterLoad(h: BuildContext): Promise<void> {
  await h.dataWorker?.stop();
  h.dataWorker = undefined;
  if (!cacheDir()) return;
  let site: Site;
  try {
    site = getSite();
    await flushWrites();
  } catch {
    // Bad content, or a cache file not written: the first page's load, or the
    // build's end, reports it as before; the main thread makes the data files.
    return;
  }
  h.site = site;
  const parseCacheBytes = fileSize(valueCacheFile('parse'));
  const rss = process.memoryUsage.rss();
  if (!workerFitsInMemory(rss, parseCacheBytes, buildMemoryBudget())) {
    const need = mb(rss + WORKER_PEAK_PER_CACHE_BYTE * parseCacheBytes);
    console.log(`[nucleus] the data files are made on the main thread after the pages: with a second copy of the site on a worker, the build would take about ${need}, over its limit of ${mb(buildMemoryBudget())} (NUCLEUS_BUILD_MEMORY_MB)`);
    return;
  }
  h.dataWorker = startDataWorker(site.contentDir);
}

/**
 * How much the process grows, per byte of the parse cache on disk, while the
 * worker's copy of the site and the render's run side by side: measured at
 * 20,000 deep pages (a 304 MB cache), the process went from 1.6 GB after the
 * load to 4.6 GB, the worker alone peaking at 1.7-2.0 GB (its heap needs
 * about 1 GB live; the cache's bytes, SQLite's memory and the answers it
 * sends come on top) and the main thread's render growing too. 10 keeps
 * that case out and lets 5,000 pages (a 37 MB cache, 0.2 GB more) run beside.
 */
export const WORKER_PEAK_PER_CACHE_BYTE = 10;

/** The memory a build may take: NUCLEUS_BUILD_MEMORY_MB, else 4 GB (what issue 37 allows at 20,000 pages). */
export function buildMemoryBudget(): number {
  const mbs = Number(process.env.NUCLEUS_BUILD_MEMORY_MB);
  return (Number.isFinite(mbs) && mbs > 0 ? mbs : 4096) * 1024 * 1024;
}

/**
 * Whether a second copy of the site on a worker keeps the build within its
 * memory: without the worker the data files are made on the main thread
 * after the pages (slower on two cores, 232 s instead of 208 s at 20,000
 * deep pages, but 3.3 GB at peak instead of 4.6).
 */
export function workerFitsInMemory(rssNow: number, parseCacheBytes: number, budget: number): boolean {
  return rssNow + WORKER_PEAK_PER_CACHE_BYTE * parseCacheBytes <= budget;
}

function fileSize(file: string | null): number {
  try {
    return file ? statSync(file).size : 0;
  } catch {
    return 0; // no cache file: the worker reads nothing and fails over to the main thread anyway
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
