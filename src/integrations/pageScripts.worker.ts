/**
 * Checks pages' inline scripts on a worker thread (src/integrations/security.ts),
 * taking them from the counter it shares with the main thread; answers the
 * problems found (a page's index and the sentence naming the script).
 * Node only; run from a bundle of this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkShare, type PageCheckJob } from './pageScripts';

parentPort!.postMessage(checkShare(workerData as PageCheckJob));
