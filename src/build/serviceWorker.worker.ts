/**
 * Makes the service worker's code (workbox-build) on a worker thread while
 * the pages render, and caches it where the build's end reads it
 * (src/build/serviceWorker.ts, startServiceWorkerCode). Node only; run from
 * a bundle of this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { makeServiceWorkerCode, type ServiceWorkerCodeJob } from './serviceWorker';

await makeServiceWorkerCode(workerData as ServiceWorkerCodeJob);
parentPort!.postMessage('ready');
