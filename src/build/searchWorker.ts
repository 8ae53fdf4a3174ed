/**
 * The search index made on a worker thread beside the content database
 * (src/build/database.ts), in the content-only rebuild: after a one-page
 * change the main thread's data files were the search index (2.3-3.9 s at
 * 20,000 pages), then the database (2.1-3.4 s), one after the other while
 * the other core waited. The database takes the index's manifest last
 * (src/db/writer.ts `startContentDatabase`), so both run at once. The full
 * build has its data files' worker instead (dataWorker.ts). Node only.
 */
import type { SearchSection } from '../content';
import type { SearchFiles } from '../search';
import { cacheDir } from './cache';
import { runWorker, workerBundle } from './workerBundle';

export const SEARCH_WORKER = { name: 'search-index', entry: 'src/build/searchIndex.worker.ts' };

/**
 * Bundles the worker's code during a full build (at `astro:build:start`,
 * while Vite bundles), so the content-only rebuilds of this code version
 * start it at once.
 */
export function prepareSearchWorker(): void {
  if (cacheDir()) workerBundle(SEARCH_WORKER.name, SEARCH_WORKER.entry).catch(() => undefined);
}

export interface SearchWorkerJob {
  sections: SearchSection[];
  integrity: string;
  /** The build cache's file of search groups (`search.bin`), or null when the cache is off. */
  cacheFile: string | null;
}

export type SearchWorkerReply = SearchFiles | { failure: string };

/**
 * The search files made on a worker thread, or undefined when the worker
 * could not run or failed (the caller then makes them itself, as without it).
 */
export async function searchIndexOnWorker(job: SearchWorkerJob): Promise<SearchFiles | undefined> {
  try {
    const reply = await runWorker<SearchWorkerReply>(SEARCH_WORKER.name, SEARCH_WORKER.entry, job);
    if ('files' in reply) return reply;
    console.warn(`[nucleus] the search index on a worker thread failed (${reply.failure}); the main thread makes it`);
  } catch (e) {
    console.warn(`[nucleus] the search index on a worker thread could not run (${(e as Error).message.split('\n')[0]}); the main thread makes it`);
  }
  return undefined;
}
