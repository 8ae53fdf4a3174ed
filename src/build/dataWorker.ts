/**
 * The data files on a worker thread. Astro renders the pages on the main
 * thread, one at a time, while the other core of a two-core machine is
 * mostly idle; the content database, search index and static API answers
 * (about 5 s at 5,000 pages) were then made on the main thread too, inside
 * the render of /content.sqlite.gz. So once the parse cache on disk holds
 * every page (the full build: after the load at `astro:build:ssr`; the
 * content-only rebuild: the last build's cache, before its own load), a
 * worker builds them from that cache with the same function
 * (dataFiles.worker.ts), and the endpoints only await its answer
 * (src/build/dataFiles.ts). Without a build cache the worker would parse every
 * page again: the main thread makes them as before. A failure in the worker
 * fails the build with the sentence the main thread would have given.
 * Node only.
 */
import { Worker } from 'node:worker_threads';
import type { SearchFiles } from '../search';
import { navigationApiPath } from '../db';
import { NAVIGATION_QUERY, type Site } from '../content';
import { cacheDir, flushWrites } from './cache';
import type { BuildContext } from './context';
import { getSite } from './site';
import { startCompressing } from './compression';
import { workerBundle } from './workerBundle';

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
  built: Promise<DataFilesBuilt>;
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
  const built = workerBundle(DATA_WORKER.name, DATA_WORKER.entry).then(
    (script) =>
      new Promise<DataFilesBuilt>((done, fail) => {
        if (stopped) return fail(new Error('the data files worker was stopped'));
        const job: DataWorkerJob = { contentDir };
        // Compressed copies are started on this thread when the files arrive.
        worker = new Worker(script, { workerData: job, env: { ...process.env, NUCLEUS_COMPRESSED_COPIES: '' } });
        worker.once('message', (reply: DataWorkerReply) => {
          if ('failure' in reply) fail(Object.assign(new Error(reply.failure.message), { name: reply.failure.name }));
          else done(reply);
        });
        worker.once('error', fail);
        worker.once('exit', (code) => fail(new Error(`the worker making the content database, search index and static API answers stopped (exit code ${code}) before it answered`)));
      }),
  );
  const started = building ? built.then((b) => (startCopies(b), b)) : built;
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

/** The copies the main thread's buildDatabase starts: the search files' and the navigation answer's. */
function startCopies({ search, answers, integrity }: DataFilesBuilt): void {
  for (const text of search.files.values()) startCompressing(text);
  const navigation = answers.get(navigationApiPath(NAVIGATION_QUERY, integrity));
  if (navigation !== undefined) startCompressing(navigation);
}

/**
 * The full build, at `astro:build:ssr`: loads the site here (the pages'
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
  h.dataWorker = startDataWorker(site.contentDir);
}
