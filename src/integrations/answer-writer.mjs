// @ts-check
/**
 * Writes the static API answers into the output folder, on a worker thread
 * (build-output.ts starts it): 10,000 files at 5,000 pages, whose reads,
 * renames and writes then go on beside the service worker and the
 * compressed copies instead of before them. Plain JavaScript, so it runs as
 * it is under tsx and from Astro's loaded config alike.
 *
 * Answer names carry the content integrity, which every content change
 * renews, but after a one-page change almost all answers say what they
 * said: an answer already there under the old integrity with the same text
 * is renamed, not written again (10,000 renames instead of 55 MB of new
 * files). Answer files of the folders written that no answer names any more
 * are removed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @param {string} out
 * @param {[string, string][]} answers path under `out` → JSON text
 * @returns {{ written: number, renamed: number }}
 */
export function writeAnswers(out, answers) {
  /** @type {Map<string, { byHash: Map<string, string>, names: string[] }>} Per answer folder: the files there now, by the query hash that starts their name. */
  const folders = new Map();
  const wanted = new Set();
  /** @param {string} name */
  const hashOf = (name) => name.slice(0, name.indexOf('.'));
  let written = 0;
  let renamed = 0;
  for (const [path, text] of answers) {
    const file = join(out, path);
    const dir = dirname(file);
    let folder = folders.get(dir);
    if (!folder) {
      const names = existsSync(dir) ? readdirSync(dir) : [];
      if (!names.length) mkdirSync(dir, { recursive: true });
      // Only the answers themselves: a compressed copy (`.json.br`) shares the hash.
      folder = { byHash: new Map(names.filter((n) => n.endsWith('.json')).map((n) => [hashOf(n), n])), names };
      folders.set(dir, folder);
    }
    const name = basename(file);
    wanted.add(name);
    const old = folder.byHash.get(hashOf(name));
    if (old !== undefined && readFileSync(join(dir, old), 'utf8') === text) {
      if (old === name) continue;
      // Claimed once: a second answer with this hash (none in a static build) is written.
      folder.byHash.delete(hashOf(name));
      renameSync(join(dir, old), file);
      renamed++;
      continue;
    }
    writeFileSync(file, text);
    written++;
  }
  for (const [dir, { names }] of folders) {
    for (const name of names) if (!wanted.has(name)) rmSync(join(dir, name), { force: true });
  }
  return { written, renamed };
}

if (parentPort && workerData?.nucleusAnswers) {
  const { out, answers } = workerData.nucleusAnswers;
  parentPort.postMessage(writeAnswers(out, answers));
}
