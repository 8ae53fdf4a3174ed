/**
 * Writes .br and .gz copies of the big data files beside them (the content
 * database, the search index, large JSON) where that saves more than 10%, for
 * hosts that serve precompressed files.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const MIN_BYTES = 16 * 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

export default function compress(): AstroIntegration {
  return {
    name: 'nucleus:compress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        let written = 0;
        for (const file of files(out)) {
          if (!/\.(sqlite|json|wasm|webmanifest)$/.test(file)) continue;
          const raw = readFileSync(file);
          if (raw.length < MIN_BYTES) continue;
          const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
          const gz = gzipSync(raw, { level: 9 });
          if (br.length < raw.length * 0.9) {
            writeFileSync(`${file}.br`, br);
            written++;
          }
          if (gz.length < raw.length * 0.9) {
            writeFileSync(`${file}.gz`, gz);
            written++;
          }
        }
        logger.info(`${written} compressed copies written`);
      },
    },
  };
}
