/**
 * The data files' worker (src/build/dataWorker.ts): loads the site from the
 * parse cache on disk, which holds every page by now, and builds the content
 * database, search index and static API answers with the very function the
 * build's main thread uses (`buildDatabase`), so the bytes are the same
 * either way. The parse cache is only read here: the main thread's load
 * saves it. Sends back the gzipped database, the search files and the
 * answers, or the sentence of whatever went wrong. Node only; run from a
 * bundle of this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getCatalogues, loadSite } from '../content';
import { buildContext } from './context';
import { buildDatabase } from './database';
import { flushWrites, openParseCache } from './cache';
import { timed } from './timing';
import type { DataWorkerJob, DataWorkerReply } from './dataWorker';

/** The site, read through the parse cache, which is then let go (it holds the whole cache file). */
function loadFromCache(contentDir: string) {
  const cache = openParseCache();
  if (cache) cache.save = () => undefined;
  return loadSite(contentDir, { cache });
}

const { contentDir } = workerData as DataWorkerJob;
const reply = (message: DataWorkerReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);
try {
  // A build's caches (search groups, answers) are read and saved as on the main thread.
  buildContext().building = true;
  const site = timed('data files worker: load content from the parse cache', () => loadFromCache(contentDir));
  const built = await timed('database, search index and API answers', () => buildDatabase(site, getCatalogues(contentDir) ?? {}, true));
  const file = await built.file;
  await flushWrites();
  reply({ integrity: site.integrity, file, search: built.search, answers: built.answers }, [file.buffer]);
} catch (e) {
  const error = e instanceof Error ? e : new Error(String(e));
  reply({ failure: { name: error.name, message: error.message } });
}
