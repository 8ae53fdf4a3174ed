/**
 * Checks the pages' inline scripts on a worker thread (src/integrations/security.ts):
 * answers nothing when every script is allowed, else the sentence naming each
 * page and script. Node only; run from a bundle of this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkPages } from './pageScripts';
import type { PageCheckJob } from './security';

const { out, security, files } = workerData as PageCheckJob;
try {
  checkPages(out, security, files);
  parentPort!.postMessage({});
} catch (e) {
  parentPort!.postMessage({ failure: (e as Error).message });
}
