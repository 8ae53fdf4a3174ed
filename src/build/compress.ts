/**
 * Writes .br and/or .gz copies of the big data files beside them (the content
 * database, the search index, large JSON) where that saves more than 10%, for
 * hosts that serve precompressed files, when NUCLEUS_COMPRESSED_COPIES asks for
 * them; by default none (why, levels and cache: src/build/compression.ts).
 * The data files' copies were started when their bytes were made; the rest
 * (the WASM, the web manifest) are made here.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, sha } from './cache';
import { compressedCopy, compressionJobs, copyKinds, findCompressionJob, MIN_COMPRESSED_BYTES } from './compression';
import { startPhase, endPhase } from './timing';
import type { OutputLogger } from './output';

const COMPRESSED = /\.(sqlite|json|wasm|webmanifest)$/;

/** Files of `dir` that may get copies (only those are stat'ed: dist/ holds thousands of pages). */
function* candidates(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* candidates(p);
    else if (COMPRESSED.test(entry.name)) yield p;
  }
}

/**
 * Writes the compressed copies of the big files in `out` (the full and the
 * content-only build). `files` (relative paths) says which files there may
 * get copies when the caller knows (the content-only rebuild wrote them all);
 * else every file of `out` is looked at.
 */
export async function writeCompressedCopies(out: string, logger: OutputLogger, files?: Iterable<string>): Promise<void> {
  const started = startPhase();
  const kinds = copyKinds();
  const cache = cacheFolder('compress');
  const work: Promise<number>[] = [];
  const used = new Set<string>();
  let early = 0;
  const list = !kinds.length ? [] : files ? [...files].filter((rel) => COMPRESSED.test(rel)).map((rel) => join(out, rel)) : candidates(out);
  for (const file of list) {
    if (statSync(file).size < MIN_COMPRESSED_BYTES) continue;
    const raw = readFileSync(file);
    // Started when the bytes were made only if the file holds exactly those bytes.
    const job = findCompressionJob(raw);
    if (job) early++;
    // zlib works off the main thread: the copies are made side by side.
    const digest = job && kinds.every((k) => job.copies[k]) ? '' : sha(raw);
    for (const kind of kinds) {
      const pending = job?.copies[kind];
      const copy = pending ? pending.finally(() => job!.used.forEach((k) => used.add(k))) : compressedCopy(raw, kind, cache, used, digest);
      work.push(
        copy.then((c) => {
          if (!c) return 0;
          writeFileSync(`${file}.${kind}`, c);
          return 1;
        }),
      );
    }
  }
  const written = (await Promise.all(work)).reduce((a, b) => a + b, 0);
  // Jobs of files that were not written (none in a normal build) end before the cache is pruned.
  const jobs = compressionJobs();
  await Promise.allSettled(jobs.flatMap((j) => Object.values(j.copies)));
  jobs.length = 0;
  // Only this build's copies stay cached (the database's change with every edit).
  if (cache) for (const name of readdirSync(cache)) if (!used.has(join(cache, name))) rmSync(join(cache, name), { force: true });
  endPhase(`compressed copies (${early} files started early)`, started);
  logger.info(`${written} compressed copies written`);
}

export default function compress(): AstroIntegration {
  return {
    name: 'nucleus:compress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => writeCompressedCopies(fileURLToPath(dir), logger),
    },
  };
}
