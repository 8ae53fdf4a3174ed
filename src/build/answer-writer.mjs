// @ts-check
/**
 * Writes the static API answers into the output folder, on a worker thread
 * (build-output.ts starts it): 10,000 files at 5,000 pages, whose renames,
 * reads and writes then go on beside the build's other work. Plain
 * JavaScript, so it runs as it is under tsx, from Astro's loaded config and
 * from the bundled build script alike.
 *
 * Answer names carry the content integrity, which every content change
 * renews, but after a one-page change almost all answers say what they
 * said: an answer already there under the old integrity with the same text
 * is renamed, not written again (10,000 renames instead of 55 MB of new
 * files). Answer files of the folders written that no answer names any more
 * are removed.
 *
 * Two steps. Given the new integrity when it starts (the content-only
 * rebuild knows it long before the answers are made), the worker first
 * links every answer of the answer folders under its name with that
 * integrity (a hard link: the last build's name stays, so the folder still
 * serves the last build and a build that stops here changes nothing; told
 * to stop, the worker removes those links), while the build makes the
 * database and the answers. Then, given the answers, it compares each with
 * the file of its name, writes the ones that differ and removes the rest
 * (the last build's names among them): what is left is what a clean build
 * writes, whether or not the first step ran.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** The folders of the answers, under the output folder. */
export const ANSWER_FOLDERS = ['api/content/query', 'api/content/navigation'];

/** `{hash}.{integrity}.json`: the static answer's name (src/db/answer-path.ts). */
const ANSWER_NAME = /^([^.]+)\.([^.]+)\.json$/;

/**
 * Links every answer of the answer folders under its name with `integrity`
 * and reads it; returns the names it gave (relative to `out`) with each
 * file's text. writeAnswers compares the new answers with these texts:
 * reading 10,000 files after the answers are made kept the build waiting
 * 0.7-1.4 s at its end, while here they are read beside the database's
 * making. A name already there (left by a build that was stopped) is not
 * linked, so unlinkAnswers removes only what this call made.
 * @param {string} out
 * @param {string} integrity
 * @returns {Map<string, string>}
 */
export function linkAnswers(out, integrity) {
  const given = new Map();
  for (const folder of ANSWER_FOLDERS) {
    const dir = join(out, folder);
    if (!existsSync(dir)) continue;
    const names = readdirSync(dir);
    const there = new Set(names);
    for (const name of names) {
      const m = ANSWER_NAME.exec(name);
      if (!m || m[2] === integrity) continue;
      const to = `${m[1]}.${integrity}.json`;
      if (there.has(to)) continue;
      linkSync(join(dir, name), join(dir, to));
      there.add(to);
      given.set(`${folder}/${to}`, readFileSync(join(dir, to), 'utf8'));
    }
  }
  return given;
}

/**
 * Removes the links linkAnswers made: the folders are again what the last
 * build wrote (the build stopped before its answers).
 * @param {string} out
 * @param {Map<string, string>} linked
 */
export function unlinkAnswers(out, linked) {
  for (const rel of linked.keys()) rmSync(join(out, rel), { force: true });
}

/**
 * Writes `answers` (path under `out` → JSON text) into `out`. `early`: the
 * answers linked by linkAnswers, with their texts (counted as renamed
 * when they say the same).
 * @param {string} out
 * @param {[string, string][]} answers
 * @param {Map<string, string>} [early]
 * @returns {{ written: number, renamed: number }}
 */
export function writeAnswers(out, answers, early = new Map()) {
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
      // Of an answer linked early, the new name is the one kept (the last build's goes below).
      const answersThere = names.filter((n) => n.endsWith('.json'));
      const relOf = (/** @type {string} */ n) => `${relative(out, dir).split(sep).join('/')}/${n}`;
      folder = { byHash: new Map([...answersThere.filter((n) => !early.has(relOf(n))), ...answersThere.filter((n) => early.has(relOf(n)))].map((n) => [hashOf(n), n])), names };
      folders.set(dir, folder);
    }
    const name = basename(file);
    wanted.add(name);
    const old = folder.byHash.get(hashOf(name));
    const rel = path.replace(/^\//, '');
    // Linked early, the file is the one read then (only this worker writes these folders).
    const said = old === undefined ? undefined : old === name && early.has(rel) ? early.get(rel) : readFileSync(join(dir, old), 'utf8');
    if (old !== undefined && said === text) {
      if (old === name) {
        if (early.has(rel)) renamed++;
        continue;
      }
      // Claimed once: a second answer with this hash (none in a static build) is written.
      folder.byHash.delete(hashOf(name));
      renameSync(join(dir, old), file);
      renamed++;
      continue;
    }
    // A link made early shares its file with the last build's name: a new file, not written through it.
    if (early.has(rel)) rmSync(file);
    writeFileSync(file, text);
    written++;
  }
  for (const [dir, { names }] of folders) {
    for (const name of names) if (!wanted.has(name)) rmSync(join(dir, name), { force: true });
  }
  return { written, renamed };
}

// On a worker thread: rename first when told the integrity, then wait for the answers.
if (parentPort && workerData?.nucleusAnswers) {
  const port = parentPort;
  const { out, integrity } = workerData.nucleusAnswers;
  // A failure ends the worker with an error, which the build reports.
  const early = integrity ? linkAnswers(out, integrity) : new Map();
  port.once('message', (/** @type {{ answers?: [string, string][] }} */ message) => {
    if (!message.answers) {
      // The build stopped before its answers: the folders are left as the last build wrote them.
      unlinkAnswers(out, early);
      return port.close();
    }
    port.postMessage(writeAnswers(out, message.answers, early));
    port.close();
  });
}
