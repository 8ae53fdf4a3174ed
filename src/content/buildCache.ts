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
import { rename, writeFile } from 'node:fs/promises';
import { getCodeVersion } from './buildInfo';

export function sha(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
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
 * build goes on: the cache files (80 MB at 5,000 pages, rewritten when one
 * page changes) then cost the build no time of its own. `flushWrites()`
 * awaits them (the build's last step); `data` must not change meanwhile.
 */
export function writeAtomicLater(file: string, data: Uint8Array): void {
  const h = handoff();
  const tmp = `${file}.${process.pid}.tmp`;
  h.pendingFiles.set(file, data);
  // One at a time, in order: a later save of the same file lands last.
  h.writes = h.writes.then(async () => {
    try {
      if (h.writeError) return;
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (e) {
      h.writeError = e as Error;
    } finally {
      if (h.pendingFiles.get(file) === data) h.pendingFiles.delete(file);
    }
  });
}

/** Waits for every writeAtomicLater of this process; throws the first failure. */
export async function flushWrites(): Promise<void> {
  const h = handoff();
  await h.writes;
  if (h.writeError) throw h.writeError;
}

/**
 * Parsed pages by content hash. Entries are kept serialised, so a value handed
 * out is always a fresh copy (nothing can change the cached one).
 */
export class ParseCache {
  private old: Map<string, Buffer>;
  private used = new Map<string, Buffer>();
  hits = 0;
  misses = 0;

  constructor(private readonly file: string | null) {
    let old = new Map<string, Buffer>();
    // A save still being written is read from memory, as the file will hold it.
    const pending = file ? handoff().pendingFiles.get(file) : undefined;
    if (file && (pending || existsSync(file))) {
      try {
        old = deserialize(pending ?? readFileSync(file)) as Map<string, Buffer>;
      } catch {
        old = new Map(); // unreadable (another Node version, a torn write): parse again
      }
    }
    this.old = old;
  }

  get<T>(key: string): T | undefined {
    const buf = this.used.get(key) ?? this.old.get(key);
    if (!buf) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.used.set(key, buf);
    return deserialize(buf) as T;
  }

  set(key: string, value: unknown): void {
    this.used.set(key, serialize(value));
  }

  /** Starts a new load in memory: what the last one used stays available. */
  next(): this {
    this.old = this.used;
    this.used = new Map();
    this.hits = this.misses = 0;
    return this;
  }

  /** Keeps exactly the entries this load used: removed pages leave the cache. */
  save(): void {
    if (!this.file) return;
    if (this.misses === 0 && this.used.size === this.old.size) return;
    writeAtomicLater(this.file, serialize(this.used));
  }
}

export function openParseCache(): ParseCache | undefined {
  return openValueCache('parse');
}

/** A cache of values by key kept in one file (`{name}.bin`), or undefined when the cache is off. */
export function openValueCache(name: string): ParseCache | undefined {
  const dir = cacheDir();
  return dir ? new ParseCache(join(dir, `${name}.bin`)) : undefined;
}

/** A folder of the cache for files named by key (created on first use). */
export function cacheFolder(name: string): string | null {
  const dir = cacheDir();
  if (!dir) return null;
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  return folder;
}

export interface PagePlan {
  /** Route path (`/rules/combat`). */
  path: string;
  key: string;
  /** Cached HTML is copied in; the page was not rendered. */
  reused: boolean;
}

export interface BuildHandoff {
  /** Set by the build integration when `astro build` starts (never in `astro dev`). */
  building?: boolean;
  pages: PagePlan[];
  /** Static API answers: path → JSON text, written by the integration. */
  answers?: Map<string, string>;
  /** Keys of what every page, and what the other routes' pages, show (renderCache.ts). */
  sharedKey?: string;
  sharedParts?: Record<string, string>;
  appKey?: string;
  /** Folder redirect pages of the catch-all route (rendered every build). */
  redirects?: string[];
  /**
   * The site the content-only rebuild loaded (scripts/build.ts): the saved
   * server bundle's own copy of load.ts uses it instead of loading again.
   */
  site?: { contentDir: string };
  /** Cache files being written in the background (writeAtomicLater), and the first failure. */
  writes: Promise<void>;
  writeError?: Error;
  /** What each of those files will hold (a cache opened meanwhile reads it from here). */
  pendingFiles: Map<string, Uint8Array>;
}

const HANDOFF = Symbol.for('nucleus.build.handoff');

/**
 * Where the pages and the build integrations meet: Astro renders pages in the
 * process that runs the integration hooks, but from its own bundle, so module
 * state is not shared; globalThis is.
 */
export function handoff(): BuildHandoff {
  const g = globalThis as unknown as Record<symbol, BuildHandoff | undefined>;
  return (g[HANDOFF] ??= { pages: [], writes: Promise.resolve(), pendingFiles: new Map() });
}
