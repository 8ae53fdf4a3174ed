/**
 * The parse-ahead worker (src/build/parseAhead.ts): takes the Markdown files
 * one at a time from a counter it shares with the other workers and, once
 * Astro's bundles are done, the main thread; parses each file the parse
 * cache does not hold exactly as a load would (`markdownEntry`), and sends
 * back each entry serialised under its cache key. A file it cannot parse is
 * left to the load, which reports it with its line. Node only; run from a
 * bundle of this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseFiles, type ParseAheadJob } from './parseAheadJob';

parentPort!.postMessage(parseFiles(workerData as ParseAheadJob));
