/**
 * The build's worker threads run from bundles of their entry files (esbuild),
 * made once per code version beside the build script's bundle
 * (node_modules/.cache/nucleus-build/, where their packages resolve): a
 * worker started through tsx would pay for loading TypeScript again, and the
 * build script itself may be a bundle with no sources beside it. Node only.
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getCodeVersion } from './info';

const made = new Map<string, Promise<string>>();

/**
 * The bundle of `entry` (a path from the project's root) under `name`; only
 * this code version's bundle of each name is kept. Made once per process.
 */
export function workerBundle(name: string, entry: string): Promise<string> {
  let file = made.get(name);
  if (!file) made.set(name, (file = makeBundle(name, entry)));
  return file;
}

async function makeBundle(name: string, entry: string): Promise<string> {
  const dir = resolve('node_modules/.cache/nucleus-build');
  const file = join(dir, `${name}-${getCodeVersion()}.mjs`);
  if (existsSync(file)) return file;
  const result = await build({
    entryPoints: [resolve(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(dir, { recursive: true });
  const stale = new RegExp(`^${name}-[0-9a-f]+\\.mjs$`);
  for (const old of readdirSync(dir)) if (stale.test(old)) rmSync(join(dir, old), { force: true });
  writeFileSync(`${file}.tmp`, result.outputFiles[0]!.contents);
  renameSync(`${file}.tmp`, file);
  return file;
}
