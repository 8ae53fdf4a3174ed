/**
 * The incremental build's cache (node_modules/.cache/nucleus/): parsed pages
 * by the hash of their file, rendered page HTML by the hash of everything the
 * page shows, compressed copies by the hash of their input. Everything lives
 * under a folder named after the code version (src/, public/, the lockfile,
 * the Astro config, NUCLEUS_BASE, Node's version), so a change to code or
 * config starts from an empty cache. Output never depends on whether an
 * entry came from the cache: a cached value is exactly what a clean build
 * would compute (scripts/incremental.test.ts compares whole dist/ folders).
 * Node only.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serialize, deserialize } from 'node:v8';
import { appendFile, rename, writeFile } from 'node:fs/promises';
import { getCodeVersion } from './info';
import { buildContext } from './context';

/** Past this length a string is hashed as its UTF-8 Buffer: the same bytes, but update() encodes a long string with non-Latin-1 characters about three times slower (18 MB of search sections: 0.33 s against 0.13 s). */
const ENCODE_FIRST = 1 << 16;

export function sha(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' && p.length > ENCODE_FIRST ? Buffer.from(p) : p).update('\0');
  return h.digest('hex').slice(0, 24);
}

/** The cache root; NUCLEUS_BUILD_CACHE=0 turns the cache off. */
export function cacheRoot(): string | null {
  if (process.env.NUCLEUS_BUILD_CACHE === '0') return null;
  return resolve(process.env.NUCLEUS_CACHE_DIR || 'node_modules/.cache/nucleus');
}

let current: string | null | undefined;

/** Code versions kept: a CI run builds at `/`, under `/guide/` and under `/<repo>/`. */
const KEEP_VERSIONS = 4;

/** This code version's cache folder (all but the last few versions used are removed). */
export function cacheDir(): string | null {
  if (current !== undefined) return current;
  const root = cacheRoot();
  if (!root) return (current = null);
  const name = `v-${sha(getCodeVersion(), process.version)}`;
  mkdirSync(join(root, name), { recursive: true });
  const now = new Date();
  utimesSync(join(root, name), now, now);
  const versions = readdirSync(root)
    .filter((d) => d.startsWith('v-'))
    .map((d) => ({ d, used: statSync(join(root, d)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { d } of versions.slice(KEEP_VERSIONS)) if (d !== name) rmSync(join(root, d), { recursive: true, force: true });
  return (current = join(root, name));
}

/** Writes a file so a reader never sees half of it (temp file, then rename). */
export function writeAtomic(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * Like writeAtomic, but the bytes are written on libuv's thread pool while the
 * build goes on: the cache files then cost the build no time of its own.
 * `flushWrites()` awaits them (the build's last step); `data` must not change
 * meanwhile.
 */
export function writeAtomicLater(file: string, data: Uint8Array): void {
  const tmp = `${file}.${process.pid}.tmp`;
  later(async () => {
    await writeFile(tmp, data);
    await rename(tmp, file);
  });
}

/** Appends to a file on the thread pool, after this process's earlier writes (see writeAtomicLater). */
function appendLater(file: string, data: Uint8Array): void {
  later(() => appendFile(file, data));
}

/** One at a time, in order: a later write to the same file lands last; the first failure is kept. */
function later(write: () => Promise<void>): void {
  const h = buildContext();
  h.writes = h.writes.then(async () => {
    try {
      if (!h.writeError) await write();
    } catch (e) {
      h.writeError = e as Error;
    }
  });
}

/** Waits for every writeAtomicLater of this process; throws the first failure. */
export async function flushWrites(): Promise<void> {
  const h = buildContext();
  await h.writes;
  if (h.writeError) throw h.writeError;
}

/**
 * A cache file: a header, then entries (key length and value length as
 * 32-bit little-endian numbers, the key's UTF-8, the value), a later entry for
 * a key standing over an earlier one. A save that adds entries appends them
 * (one page changed: a few kilobytes instead of rewriting 37 MB); the file
 * is written whole again when old entries make up most of it, or when its
 * end is torn (a write cut short: the whole entries before it are kept).
 */
const CACHE_FILE_HEADER = Buffer.from('nucleus value cache 1\n');

/** What a cache file holds: entries by key, how many it has written, whether it ends cleanly. */
export interface CacheFileState {
  entries: Map<string, Buffer>;
  written: number;
  whole: boolean;
}

export function readCacheFile(bytes: Buffer): CacheFileState {
  const entries = new Map<string, Buffer>();
  if (!bytes.subarray(0, CACHE_FILE_HEADER.length).equals(CACHE_FILE_HEADER)) return { entries, written: 0, whole: false };
  let at = CACHE_FILE_HEADER.length;
  let written = 0;
  while (at + 8 <= bytes.length) {
    const keyEnd = at + 8 + bytes.readUInt32LE(at);
    const end = keyEnd + bytes.readUInt32LE(at + 4);
    if (end > bytes.length) break;
    entries.set(bytes.toString('utf8', at + 8, keyEnd), bytes.subarray(keyEnd, end));
    written++;
    at = end;
  }
  return { entries, written, whole: at === bytes.length };
}

export function encodeCacheEntries(entries: Iterable<[string, Uint8Array]>, header = false): Buffer {
  const parts: Uint8Array[] = header ? [CACHE_FILE_HEADER] : [];
  for (const [key, value] of entries) {
    const k = Buffer.from(key);
    const lengths = Buffer.alloc(8);
    lengths.writeUInt32LE(k.length, 0);
    lengths.writeUInt32LE(value.length, 4);
    parts.push(lengths, k, value);
  }
  return Buffer.concat(parts);
}

/**
 * Values by key (parsed pages by content hash, answers, tokenised search groups), kept
 * serialised, so a value handed out is always a fresh copy (nothing can
 * change the cached one).
 */
export class ParseCache {
  private old: Map<string, Buffer>;
  private used = new Map<string, Buffer>();
  private added = new Map<string, Buffer>();
  private written = 0;
  private whole = false;
  hits = 0;
  misses = 0;

  constructor(private readonly file: string | null) {
    // What this process saved last is read from memory: the file may still be being written.
    let state = file ? buildContext().cacheFiles.get(file) : undefined;
    if (!state && file && existsSync(file)) {
      try {
        state = readCacheFile(readFileSync(file));
      } catch {
        state = undefined; // unreadable: parse again
      }
    }
    this.old = state?.entries ?? new Map();
    this.written = state?.written ?? 0;
    this.whole = state?.whole ?? false;
  }

  get<T>(key: string): T | undefined {
    const value = this.peek<T>(key);
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  /** As `get`, not counted among the hits and misses. */
  peek<T>(key: string): T | undefined {
    const buf = this.used.get(key) ?? this.old.get(key);
    if (!buf) return undefined;
    this.used.set(key, buf);
    return deserialize(buf) as T;
  }

  set(key: string, value: unknown): void {
    const buf = serialize(value);
    this.used.set(key, buf);
    this.added.set(key, buf);
  }

  /**
   * Keeps what it read in the build context, so a cache of the same file
   * opened later in this build does not read the file again (the parse-ahead
   * reads the parse cache for its keys, then the load for its entries: 37 MB
   * at 5,000 pages).
   */
  share(): this {
    const files = buildContext().cacheFiles;
    if (this.file && !files.has(this.file)) files.set(this.file, { entries: this.old, written: this.written, whole: this.whole });
    return this;
  }

  /** The keys it holds (the parse-ahead worker skips the files these name). */
  keys(): string[] {
    return [...new Set([...this.old.keys(), ...this.used.keys()])];
  }

  /**
   * Takes values computed elsewhere, already serialised (the pages parsed
   * ahead on a worker thread): a load reads them as if cached, and the next
   * save keeps them as if this load had computed them.
   */
  adopt(entries: Iterable<[string, Uint8Array]>): void {
    this.old = new Map(this.old); // the map read may be the one the build context keeps for this file
    for (const [key, bytes] of entries) {
      const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.old.set(key, buf);
      this.added.set(key, buf);
    }
  }

  /** Starts a new load in memory: what the last one used stays available. */
  next(): this {
    this.old = this.used;
    this.used = new Map();
    this.added = new Map();
    this.hits = this.misses = 0;
    return this;
  }

  /**
   * Saves what this load added. Entries it did not use stay in the file until
   * it is written whole again (a page changed back is then still cached), which
   * happens when they outnumber the used ones.
   */
  save(): void {
    if (!this.file) return;
    if (this.added.size === 0) return;
    const h = buildContext();
    const written = this.written + this.added.size;
    if (this.whole && written <= 2 * this.used.size) {
      appendLater(this.file, encodeCacheEntries(this.added));
      h.cacheFiles.set(this.file, { entries: new Map([...this.old, ...this.added]), written, whole: true });
      this.written = written;
    } else {
      writeAtomicLater(this.file, encodeCacheEntries(this.used, true));
      h.cacheFiles.set(this.file, { entries: new Map(this.used), written: this.used.size, whole: true });
      this.written = this.used.size;
      this.whole = true;
    }
    this.added = new Map();
  }
}

export function openParseCache(): ParseCache | undefined {
  return openValueCache('parse');
}

/** The file of the value cache `name` (`{name}.bin`), or null when the cache is off. */
export function valueCacheFile(name: string): string | null {
  const dir = cacheDir();
  return dir ? join(dir, `${name}.bin`) : null;
}

/** A cache of values by key kept in one file (`{name}.bin`), or undefined when the cache is off. */
export function openValueCache(name: string): ParseCache | undefined {
  const file = valueCacheFile(name);
  return file ? new ParseCache(file) : undefined;
}

/** A folder of the cache for files named by key (created on first use). */
export function cacheFolder(name: string): string | null {
  const dir = cacheDir();
  if (!dir) return null;
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  return folder;
}
