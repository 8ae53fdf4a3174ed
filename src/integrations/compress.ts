/**
 * Writes .br and .gz copies of the big data files beside them (the content
 * database, the search index, large JSON) where that saves more than 10%, for
 * hosts that serve precompressed files.
 *
 * Levels: brotli 5 and gzip 6. On the 5,000-page database brotli 9 took 19 s
 * for 12.2% of the size, brotli 5 about 2 s for 14.1%; gzip 9 gave the same
 * size as gzip 6 in three times the time. Fixed levels keep the output
 * reproducible. Copies of unchanged files come from the build cache.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { cacheFolder, sha, writeAtomic } from '../content/buildCache';
import { startPhase, endPhase } from '../content/buildTiming';
import type { OutputLogger } from './build-output';

const MIN_BYTES = 16 * 1024;
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

/** The compressed copy of `raw`, or null when it does not save 10%; cached by input hash. */
async function compressed(raw: Buffer, kind: 'br' | 'gz', cache: string | null, used: Set<string>): Promise<Buffer | null> {
  const key = cache && join(cache, `${sha(raw, kind, String(BROTLI_QUALITY), String(GZIP_LEVEL))}.${kind}`);
  if (key) used.add(key);
  if (key && existsSync(key)) {
    const hit = readFileSync(key);
    return hit.length ? hit : null;
  }
  const out =
    kind === 'br'
      ? await br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : await gz(raw, { level: GZIP_LEVEL });
  const worth = out.length < raw.length * 0.9;
  if (key) writeAtomic(key, worth ? out : Buffer.alloc(0)); // empty: not worth it
  return worth ? out : null;
}

/** Writes the compressed copies of the big files in `out` (the full and the content-only build). */
export async function writeCompressedCopies(out: string, logger: OutputLogger): Promise<void> {
  const started = startPhase();
  const cache = cacheFolder('compress');
  const jobs: Promise<number>[] = [];
  const used = new Set<string>();
  for (const file of files(out)) {
    if (!/\.(sqlite|json|wasm|webmanifest)$/.test(file)) continue;
    if (statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    // zlib works off the main thread: the copies are made side by side.
    for (const kind of ['br', 'gz'] as const) {
      jobs.push(
        compressed(raw, kind, cache, used).then((copy) => {
          if (!copy) return 0;
          writeFileSync(`${file}.${kind}`, copy);
          return 1;
        }),
      );
    }
  }
  const written = (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
  // Only this build's copies stay cached (the database's change with every edit).
  if (cache) for (const name of readdirSync(cache)) if (!used.has(join(cache, name))) rmSync(join(cache, name), { force: true });
  endPhase('compressed copies', started);
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
