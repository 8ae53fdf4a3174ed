/**
 * The build's worker threads run from bundles of their entry files (esbuild),
 * made once per code version beside the build script's bundle
 * (node_modules/.cache/nucleus-build/, where their packages resolve): a
 * worker started through tsx would pay for loading TypeScript again, and the
 * build script itself may be a bundle with no sources beside it. Node only.
 */
import { build, type BuildOptions } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { threadId, Worker } from 'node:worker_threads';
import { dirname, join, resolve } from 'node:path';
import { getCodeVersion } from './info';

/** Bundles kept per worker: builds of a few code versions may run at once (CI builds three base paths). */
const KEEP_BUNDLES = 4;

const made = new Map<string, Promise<string>>();

/** The bundle of `entry` (a path from the project's root) under `name`, for this code version. Made once per process. */
export function workerBundle(name: string, entry: string): Promise<string> {
  const ready = madeBundle(name);
  if (ready) return Promise.resolve(ready);
  let file = made.get(name);
  if (!file) made.set(name, (file = makeBundle(name, entry)));
  return file;
}

/**
 * Runs the bundle of `entry` on a worker thread with `workerData` and gives
 * its one message; rejects when the bundle cannot be made or the worker
 * fails or ends without answering.
 */
export async function runWorker<T>(name: string, entry: string, workerData: unknown): Promise<T> {
  const script = await workerBundle(name, entry);
  return new Promise<T>((answer, fail) => {
    const worker = new Worker(script, { workerData });
    worker.once('message', answer);
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the ${name} worker stopped (exit code ${code}) before it answered`)));
  });
}

const bundleFile = (name: string) => join(resolve('node_modules/.cache/nucleus-build'), `${name}-${getCodeVersion()}.mjs`);

/**
 * The bundle of `name` for this code version if it is made already: a worker
 * can then start at once, without waiting for the main thread's next turn.
 */
export function madeBundle(name: string): string | undefined {
  const file = bundleFile(name);
  return existsSync(file) ? file : undefined;
}

/**
 * How a Node entry file is bundled (these workers, and the command-line
 * scripts the unit tests start): one ES module for this Node, the packages
 * left to node_modules.
 */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${process.versions.node.split('.')[0]}`,
  packages: 'external',
  logLevel: 'silent',
} as const satisfies BuildOptions;

async function makeBundle(name: string, entry: string): Promise<string> {
  const file = bundleFile(name);
  const dir = dirname(file);
  if (existsSync(file)) return file;
  const result = await build({ ...NODE_BUNDLE, entryPoints: [resolve(entry)], write: false });
  mkdirSync(dir, { recursive: true });
  // Another build may be starting a worker from its bundle (another code
  // version, or this one made at the same time): a file only ever appears
  // whole (rename), and the few newest of each name stay.
  const tmp = `${file}.${process.pid}.${threadId}.tmp`;
  writeFileSync(tmp, result.outputFiles[0]!.contents);
  renameSync(tmp, file);
  const stale = new RegExp(`^${name}-[0-9a-f]+\\.mjs$`);
  const older = readdirSync(dir)
    .filter((other) => stale.test(other))
    .map((other) => ({ other, used: statSync(join(dir, other), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.used - a.used)
    .slice(KEEP_BUNDLES);
  for (const { other } of older) rmSync(join(dir, other), { force: true });
  return file;
}
