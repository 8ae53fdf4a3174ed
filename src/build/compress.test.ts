import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { writeCompressedCopies } from './compress';
import { compressionJobs, copyKinds, gzipDatabase, startCompressing } from './compression';
import { isGzip, unpackDatabaseFile } from '../db';
import { scratchDir } from '../content/testing';

const quiet = { info: () => undefined, warn: () => undefined };

/** JSON that compresses well, different for each seed, over the 16 KB threshold. */
const bigJson = (seed: string) => JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: `${seed}-${i}`, title: `Entry ${i} of ${seed}`, text: 'ÉTOILE ✦ '.repeat(3) })));

function output(files: Record<string, string | Buffer>): string {
  const out = scratchDir('nucleus-compress-');
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    writeFileSync(join(out, path), data);
  }
  return out;
}

const copiesOf = (out: string) =>
  Object.fromEntries(
    ['a.json', 'search/b.json', 'small.json', 'page/index.html', 'noise.sqlite'].flatMap((f) =>
      ['br', 'gz'].map((k) => [`${f}.${k}`, existsSync(join(out, `${f}.${k}`)) ? readFileSync(join(out, `${f}.${k}`)) : null]),
    ),
  );

// A random file does not shrink by 10%: no copies.
const noise = randomBytes(40_000);

describe('compressed copies', () => {
  let cacheDir: string;
  beforeAll(() => {
    cacheDir = scratchDir('nucleus-compress-cache-');
    process.env.NUCLEUS_CACHE_DIR = cacheDir;
    process.env.NUCLEUS_COMPRESSED_COPIES = 'br,gz';
  });
  afterAll(() => {
    delete process.env.NUCLEUS_COMPRESSED_COPIES;
  });

  it('are not made unless asked for: the hosts compress on the fly', async () => {
    delete process.env.NUCLEUS_COMPRESSED_COPIES;
    try {
      startCompressing(bigJson('off'));
      expect(compressionJobs()).toHaveLength(0);
      const out = output({ 'a.json': bigJson('off') });
      await writeCompressedCopies(out, quiet);
      expect(readdirSync(out)).toEqual(['a.json']);
    } finally {
      process.env.NUCLEUS_COMPRESSED_COPIES = 'br,gz';
    }
  });

  it('are the kinds NUCLEUS_COMPRESSED_COPIES names, and a wrong name is refused with a sentence', async () => {
    expect(copyKinds({})).toEqual([]);
    expect(copyKinds({ NUCLEUS_COMPRESSED_COPIES: ' GZ ' })).toEqual(['gz']);
    expect(copyKinds({ NUCLEUS_COMPRESSED_COPIES: 'gz,br' })).toEqual(['br', 'gz']);
    expect(() => copyKinds({ NUCLEUS_COMPRESSED_COPIES: 'zstd' })).toThrow('NUCLEUS_COMPRESSED_COPIES names zstd; it takes br, gz or br,gz');
    process.env.NUCLEUS_COMPRESSED_COPIES = 'br';
    try {
      const out = output({ 'a.json': bigJson('br only') });
      await writeCompressedCopies(out, quiet);
      expect(readdirSync(out).sort()).toEqual(['a.json', 'a.json.br']);
    } finally {
      process.env.NUCLEUS_COMPRESSED_COPIES = 'br,gz';
    }
  });

  it('are the same whether a copy was started when the bytes were made or only at the end', async () => {
    const a = bigJson('a');
    const b = bigJson('b');
    const files = { 'a.json': a, 'search/b.json': b, 'small.json': '{"x":1}', 'page/index.html': `<p>${a}</p>`, 'noise.sqlite': noise };

    const late = output(files);
    await writeCompressedCopies(late, quiet);

    const early = output(files);
    startCompressing(a);
    startCompressing(Buffer.from(b));
    startCompressing(a); // the same bytes again: one job
    expect(compressionJobs()).toHaveLength(2);
    await writeCompressedCopies(early, quiet);
    expect(compressionJobs()).toHaveLength(0);

    const copies = copiesOf(early);
    expect(copies).toEqual(copiesOf(late));
    expect(brotliDecompressSync(copies['a.json.br']!).toString()).toBe(a);
    expect(gunzipSync(copies['search/b.json.gz']!).toString()).toBe(b);
    // Too small, not a data file, or not worth it: no copies.
    for (const f of ['small.json', 'page/index.html', 'noise.sqlite']) expect([copies[`${f}.br`], copies[`${f}.gz`]]).toEqual([null, null]);
  });

  it('a copy started for other bytes than the file holds is not used', async () => {
    startCompressing(bigJson('old'));
    const out = output({ 'a.json': bigJson('new') });
    await writeCompressedCopies(out, quiet);
    expect(brotliDecompressSync(readFileSync(join(out, 'a.json.br'))).toString()).toBe(bigJson('new'));
    // The unused job's cache entries are pruned with the rest: only this build's copies stay.
    const cached = readdirSync(join(cacheDir, readdirSync(cacheDir).find((d) => d.startsWith('v-'))!, 'compress'));
    expect(cached).toHaveLength(2);
  });
});

describe('the content database file (gzipped in two halves at once)', () => {
  it('unpacks to exactly the database, with gunzip and in the browser’s way, whatever its length', async () => {
    const text = Buffer.from('CREATE TABLE documents (id TEXT, data TEXT); '.repeat(40_000));
    for (const raw of [new Uint8Array(0), Uint8Array.of(7), randomBytes(100_001), text, Buffer.concat([text, randomBytes(70_000), text])]) {
      const file = await gzipDatabase(raw);
      expect(isGzip(file)).toBe(true);
      expect(gunzipSync(file).equals(Buffer.from(raw))).toBe(true);
      expect(Buffer.from(await unpackDatabaseFile(file)).equals(Buffer.from(raw))).toBe(true);
      expect(Buffer.from(await gzipDatabase(raw)).equals(Buffer.from(file))).toBe(true); // the same database, the same file
    }
    // As small as one stream: the halves lose only the first half's window.
    expect((await gzipDatabase(text)).length).toBeLessThan(gzipSync(text).length * 1.01 + 64);
  });
});
