/**
 * The parse-ahead worker (src/build/parseAhead.ts): parses the Markdown files
 * it is given that the parse cache does not hold, exactly as a load would
 * (`markdownEntry`), and sends back each entry serialised under its cache
 * key. A file it cannot parse is left to the load, which reports it with
 * its line. Node only; run from a bundle of this file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { markdownEntry, parseKey } from '../content';

export interface ParseAheadJob {
  contentDir: string;
  files: string[];
  /** Keys the parse cache holds already. */
  cached: string[];
}

const { contentDir, files, cached } = workerData as ParseAheadJob;
const known = new Set(cached);
const entries: [string, Uint8Array][] = [];
for (const file of files) {
  const source = readFileSync(join(contentDir, file), 'utf8');
  if (known.has(parseKey(file, source))) continue;
  try {
    const parsed = markdownEntry(file, source);
    if (parsed) entries.push([parsed.key, serialize(parsed.entry)]);
  } catch {
    // Bad content: the load parses the file again and names the file and line.
  }
}
parentPort!.postMessage(entries);
