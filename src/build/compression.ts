/**
 * The compressed copies (.br, .gz) of the build's data files, made on libuv's
 * thread pool. A data file's copies are started as soon as its bytes exist
 * (`startCompressing`, from src/build/database.ts and dataFiles.ts), so
 * zlib runs beside the main thread's API answers and page
 * writes; src/build/compress.ts, at the end of the build, only waits
 * for them. Every content change gives a new database (and search files,
 * which name the content integrity), whose copies took 2 to 2.5 s at the
 * end of the content-only rebuild.
 *
 * Levels: brotli 5 and gzip 6. On the 5,000-page database brotli 9 took 19 s
 * for 12.2% of the size, brotli 5 about 2 s for 14.1%; gzip 9 gave the same
 * size as gzip 6 in three times the time. Fixed levels keep the output
 * reproducible. Copies of unchanged files come from the build cache. Node only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, crc32, deflateRaw, gzip, constants } from 'node:zlib';
import { cacheFolder, sha, writeAtomic } from './cache';
import { buildContext } from './context';

/** Smaller files get no copies. */
export const MIN_COMPRESSED_BYTES = 16 * 1024;
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const br = promisify(brotliCompress);
const gz = promisify(gzip);
const deflate = promisify(deflateRaw);

export type CopyKind = 'br' | 'gz';
export const COPY_KINDS = ['br', 'gz'] as const;

/**
 * The copies this build makes: none unless `NUCLEUS_COMPRESSED_COPIES` names
 * them (`br`, `gz` or `br,gz`). The hosts the site deploys to (GitHub Pages,
 * Netlify, Cloudflare Pages, Firebase Hosting) compress on the fly and never
 * serve a `.br` or `.gz` file in place of the one asked for, and neither the
 * pages nor the service worker fetch them: at 5,000 pages the two copies of
 * every data file were dead weight of tens of megabytes. A host that serves
 * precompressed files (nginx `gzip_static`/`brotli_static`) asks for them.
 */
export function copyKinds(env: Record<string, string | undefined> = process.env): CopyKind[] {
  const asked = (env.NUCLEUS_COMPRESSED_COPIES ?? '').split(',').map((k) => k.trim().toLowerCase()).filter(Boolean);
  const unknown = asked.filter((k) => !(COPY_KINDS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`NUCLEUS_COMPRESSED_COPIES names ${unknown.join(', ')}; it takes br, gz or br,gz (or nothing, for no copies).`);
  return COPY_KINDS.filter((k) => asked.includes(k));
}

/** zlib's output buffer for `bytes` of input in one piece (see `compress`). */
const oneChunk = (bytes: number) => Math.max(bytes, constants.Z_DEFAULT_CHUNK) + 1024;

/**
 * Compresses on the thread pool as one job: the output buffer (zlib's
 * `chunkSize`) holds the whole copy. With the default 16 KB chunks each
 * chunk waits for a turn of the main thread's event loop, so a copy started
 * early made no progress while the build's synchronous work ran. The bytes
 * are the same for any chunk size.
 */
function compress(raw: Uint8Array, kind: CopyKind): Promise<Buffer> {
  const chunkSize = oneChunk(raw.length);
  return kind === 'br'
    ? br(raw, { chunkSize, params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gz(raw, { chunkSize, level: GZIP_LEVEL });
}

/** What Node's gzip writes before the deflate stream: no file name, time 0, level 6's flags, Unix. */
const GZIP_HEADER = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];

/**
 * The content database file's bytes (src/db/file.ts): `raw` gzipped at the
 * copies' fixed level on the thread pool, in two halves at once (what pigz
 * does): each half is a deflate stream of its own, the first ended by a full
 * flush instead of a last block, so the two joined are one stream, in one
 * gzip member with the whole file's CRC. Any gunzip reads it. At 20,000 pages
 * the database's gzip (161 MB, 3.8 s of CPU) was the last step of a one-page
 * rebuild to end, about a second after the rest; the halves end together on
 * two cores. The same database gives the same file.
 */
export async function gzipDatabase(raw: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const half = raw.length >>> 1;
  const options = (n: number) => ({ level: GZIP_LEVEL, chunkSize: oneChunk(n) });
  const [first, second] = await Promise.all([
    deflate(raw.subarray(0, half), { ...options(half), finishFlush: constants.Z_FULL_FLUSH }),
    deflate(raw.subarray(half), options(raw.length - half)),
  ]);
  const file = new Uint8Array(GZIP_HEADER.length + first.length + second.length + 8);
  file.set(GZIP_HEADER);
  file.set(first, GZIP_HEADER.length);
  file.set(second, GZIP_HEADER.length + first.length);
  const trailer = new DataView(file.buffer, file.length - 8);
  trailer.setUint32(0, crc32(raw), true);
  trailer.setUint32(4, raw.length >>> 0, true); // the length modulo 2^32, as gzip keeps it
  return file;
}

/**
 * The compressed copy of `raw`, or null when it does not save 10%; cached by
 * input hash (`digest`, the `sha` of `raw`) in `cache`. The cache entry it
 * reads or writes goes into `used`. The work starts before this returns.
 */
export function compressedCopy(raw: Uint8Array, kind: CopyKind, cache: string | null, used: Set<string>, digest = sha(raw)): Promise<Buffer | null> {
  const key = cache && join(cache, `${sha(digest, kind, String(BROTLI_QUALITY), String(GZIP_LEVEL))}.${kind}`);
  if (key) used.add(key);
  if (key && existsSync(key)) {
    const hit = readFileSync(key);
    return Promise.resolve(hit.length ? hit : null);
  }
  return compress(raw, kind).then((out) => {
    const worth = out.length < raw.length * 0.9;
    if (key) writeAtomic(key, worth ? out : Buffer.alloc(0)); // empty: not worth it
    return worth ? out : null;
  });
}

/** Copies under way for one file's bytes. */
export interface CompressionJob {
  raw: Buffer;
  /** The kinds asked for when the job started (copyKinds). */
  copies: Partial<Record<CopyKind, Promise<Buffer | null>>>;
  /** Cache entries the job read or wrote (kept when the cache is pruned). */
  used: Set<string>;
}

/**
 * The jobs started in this process and not yet taken by `writeCompressedCopies`,
 * kept in the build context: in `astro build` the database endpoint runs from
 * Astro's page bundle, whose copy of this module is not the one the
 * integration hook uses.
 */
export function compressionJobs(): CompressionJob[] {
  return buildContext().compressionJobs;
}

/**
 * Starts the copies of a data file that is about to be written (nothing for
 * files too small to get copies). Builds only: the development server
 * answers the same endpoints and must not compress on every request.
 */
export function startCompressing(data: string | Uint8Array): void {
  const kinds = copyKinds();
  if (!kinds.length) return;
  if (data.length < MIN_COMPRESSED_BYTES / 4) return; // a string's UTF-8 is at most 4 bytes a character: too small
  const raw = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (raw.length < MIN_COMPRESSED_BYTES || findCompressionJob(raw)) return;
  const cache = cacheFolder('compress');
  const used = new Set<string>();
  const digest = sha(raw); // 35 MB: 30 ms
  const copies: CompressionJob['copies'] = {};
  for (const kind of kinds) copies[kind] = compressedCopy(raw, kind, cache, used, digest);
  // A job whose file is never written must not end the process with an
  // unhandled rejection; its error reaches whoever awaits the copy.
  for (const copy of Object.values(copies)) copy.catch(() => undefined);
  compressionJobs().push({ raw, copies, used });
}

/** The job started for exactly these bytes, if any. */
export function findCompressionJob(raw: Buffer): CompressionJob | undefined {
  return compressionJobs().find((j) => j.raw.length === raw.length && j.raw.equals(raw));
}
