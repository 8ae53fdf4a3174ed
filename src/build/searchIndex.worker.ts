/**
 * The search index on a worker thread (src/build/searchWorker.ts): the same
 * `createSearchIndex` over the sections the main thread made, with the
 * build's cache of search groups, while the main thread writes the content
 * database. Sends back the index's files, or the sentence of whatever went
 * wrong. Node only; run from a bundle of this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createSearchIndex } from '../search';
import { flushWrites, ParseCache, sha } from './cache';
import type { SearchWorkerJob, SearchWorkerReply } from './searchWorker';

const { sections, integrity, cacheFile } = workerData as SearchWorkerJob;
const reply = (message: SearchWorkerReply) => parentPort!.postMessage(message);
try {
  const groups = cacheFile ? new ParseCache(cacheFile) : undefined;
  const search = createSearchIndex(sections, integrity, groups && Object.assign(groups, { hash: (text: string) => sha(text) }));
  groups?.save();
  await flushWrites();
  reply(search);
} catch (e) {
  reply({ failure: (e instanceof Error ? e.message : String(e)).split('\n')[0]! });
}
