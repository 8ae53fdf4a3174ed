/**
 * Test helper: a command-line script (scripts/query.ts, scripts/rules.ts)
 * bundled once with esbuild, so a test starts it as plain Node. Started
 * through tsx, each run loaded TypeScript and compiled the script's modules
 * again (about 3 s a run on two busy cores, 16 runs in query.test.ts); the
 * bundle is the same source, run as a separate process as before. The npm
 * script itself (tsx) keeps one test of its own in each file.
 */
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
// The options only: its bundles are kept per code version, which does not hash scripts/.
import { NODE_BUNDLE } from '../../src/build/workerBundle';

const root = resolve(import.meta.dirname, '../..');

/**
 * The path of `entry`'s bundle, made before the file's tests and removed
 * after them. It lies in node_modules/.cache, where the packages it leaves
 * outside (sql.js and its WASM file, yaml…) resolve as they do from scripts/.
 */
export function useBundledScript(entry: string): () => string {
  const file = join(root, 'node_modules/.cache/nucleus-test', `${basename(entry, '.ts')}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.mjs`);
  let made = false;
  beforeAll(async () => {
    mkdirSync(join(file, '..'), { recursive: true });
    await build({ ...NODE_BUNDLE, entryPoints: [join(root, entry)], outfile: file });
    made = true;
  });
  afterAll(() => rmSync(file, { force: true }));
  return () => {
    if (!made) throw new Error(`${entry} was not bundled: call useBundledScript at the top of the test file.`);
    return file;
  };
}
