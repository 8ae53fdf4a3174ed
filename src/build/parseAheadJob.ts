/**
 * One share of the parse-ahead (src/build/parseAhead.ts), run by each worker
 * and by the main thread once Astro's bundles are done: files are taken one
 * at a time from a shared counter, so whoever is free parses the next one.
 * Node only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { markdownEntry, parseKey } from '../content';

export interface ParseAheadJob {
  contentDir: string;
  /** Every Markdown file, in one order for everyone taking from the counter. */
  files: string[];
  /** Keys the parse cache holds already. */
  cached: string[];
  /** The index of the next file to take (an Int32Array's first element, shared). */
  next: SharedArrayBuffer;
}

/** Parses files from the shared counter until none is left: their entries, serialised, by cache key. */
export function parseFiles({ contentDir, files, cached, next }: ParseAheadJob): [string, Uint8Array][] {
  const counter = new Int32Array(next);
  const known = new Set(cached);
  const entries: [string, Uint8Array][] = [];
  for (let i = Atomics.add(counter, 0, 1); i < files.length; i = Atomics.add(counter, 0, 1)) {
    const file = files[i]!;
    const source = readFileSync(join(contentDir, file), 'utf8');
    if (known.has(parseKey(file, source))) continue;
    try {
      const parsed = markdownEntry(file, source);
      if (parsed) entries.push([parsed.key, serialize(parsed.entry)]);
    } catch {
      // Bad content: the load parses the file again and names the file and line.
    }
  }
  return entries;
}
