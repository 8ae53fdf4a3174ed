// The Cloud Firestore emulator, started straight from its jar on Java 17
// (firebase-tools refuses Java 17 and tries to download its own jar, which
// fails offline). Used by `npm start`, the vitest cloud tests and the
// Playwright setup: find the jar, start it, wait for it, push the rules,
// clear it, stop it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGroup, waitUntil } from './lib/process.mjs';
import { freePort } from './lib/ports.mjs';

export const FIRESTORE_PROJECT = 'demo-nucleus';
export const DEFAULT_FIRESTORE_PORT = 8085;
export const SYSTEM_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const RULES_FILE = join(ROOT, 'firestore.rules');

export const NO_JAR_MESSAGE =
  'The Cloud Firestore emulator jar was not found, so the cloud tests cannot run. Install the Debian package ' +
  '`google-cloud-cli-firestore-emulator` (it puts the jar at ' +
  SYSTEM_JAR +
  '), or run `npx firebase setup:emulators:firestore` once online, or set FIRESTORE_EMULATOR_JAR to the path of a cloud-firestore-emulator jar; it runs on Java 17.';

export function firestorePort(env = process.env) {
  const raw = env.FIRESTORE_EMULATOR_PORT;
  if (!raw) return DEFAULT_FIRESTORE_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`FIRESTORE_EMULATOR_PORT must be a port number (1–65535), not "${raw}".`);
  }
  return port;
}

export function firestoreUrl(port = firestorePort()) {
  return `http://127.0.0.1:${port}`;
}

/** The jar: FIRESTORE_EMULATOR_JAR, then the Debian package's, then firebase-tools' cache; null if none. */
export function findFirestoreJar(env = process.env) {
  if (env.FIRESTORE_EMULATOR_JAR) return existsSync(env.FIRESTORE_EMULATOR_JAR) ? env.FIRESTORE_EMULATOR_JAR : null;
  if (existsSync(SYSTEM_JAR)) return SYSTEM_JAR;
  const cache = join(homedir(), '.cache', 'firebase', 'emulators');
  try {
    const jars = readdirSync(cache)
      .filter((f) => /^cloud-firestore-emulator-.*\.jar$/.test(f))
      .sort()
      .reverse();
    if (jars[0]) return join(cache, jars[0]);
  } catch {
    // no cache folder
  }
  return null;
}

/** What answers on the port: 'firestore' (GET / is "Ok"), 'other', or 'free'. */
export async function probeFirestore(url = firestoreUrl()) {
  try {
    const res = await fetch(url + '/', { signal: AbortSignal.timeout(1500) });
    const body = (await res.text()).trim();
    return res.ok && body === 'Ok' ? 'firestore' : 'other';
  } catch {
    // Nothing listening (or not speaking HTTP): treated as free; a start then fails loudly if it is not.
    return 'free';
  }
}

export async function waitForFirestore(url = firestoreUrl(), timeoutMs = 60_000) {
  return waitUntil(async () => (await probeFirestore(url)) === 'firestore', timeoutMs, 250);
}

/**
 * Loads firestore.rules into a running emulator (one started earlier may
 * hold older rules) for `project`: the emulator keeps each project's rules
 * and documents apart, and `--rules` covers the project it was started with.
 */
export async function pushRules(url = firestoreUrl(), project = FIRESTORE_PROJECT) {
  const content = readFileSync(RULES_FILE, 'utf8');
  const res = await fetch(`${url}/emulator/v1/projects/${project}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
  });
  if (!res.ok) throw new Error(`The Firestore emulator refused firestore.rules (HTTP ${res.status}): ${(await res.text()).slice(0, 1000)}`);
}

/** Deletes every document of `project` (the demo project unless named). */
export async function clearFirestore(url = firestoreUrl(), project = FIRESTORE_PROJECT) {
  const res = await fetch(`${url}/emulator/v1/projects/${project}/databases/(default)/documents`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`Clearing the Firestore emulator failed: HTTP ${res.status}`);
}

/** The java command line of the emulator from `jar` on `port`, with firestore.rules. */
export function firestoreArgs(jar, port = firestorePort()) {
  return ['-cp', jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore', '--host', '127.0.0.1', '--port', String(port), '--project_id', FIRESTORE_PROJECT, '--rules', RULES_FILE];
}

/**
 * Starts the emulator from `jar` in its own process group. `stop` ends that
 * group only (by its process id).
 */
export function spawnFirestore(jar, port = firestorePort(), { log = 'pipe' } = {}) {
  return startGroup('java', firestoreArgs(jar, port), { log, graceMs: 5000 });
}

/** A port nothing listens on now (the OS picks it). */
export { freePort };

/**
 * For test runs: an emulator of this run's own on a free port (several
 * worktrees test on one machine; a shared one could be stopped or cleared
 * under another run's feet), unless FIRESTORE_EMULATOR_PORT names one.
 */
export async function ensureTestFirestore(env = process.env, { adopt = true } = {}) {
  if (env.NUCLEUS_FIRESTORE_SHARED) return sharedFirestore(env);
  if (env.FIRESTORE_EMULATOR_PORT) return ensureFirestore({ env, adopt });
  return ensureFirestore({ env: { ...env, FIRESTORE_EMULATOR_PORT: String(await freePort()) }, adopt });
}

/**
 * Makes sure an emulator with the current rules answers on the port: reuses
 * one already running, else starts one. Returns `{ url, stop }` (stop is a
 * no-op for a reused one). Throws a sentence a person can act on when there
 * is no jar, the port is taken by something else, or it does not start.
 * With `adopt: false` (the end-to-end run) one already running is refused too.
 */
export async function ensureFirestore({ env = process.env, timeoutMs = 60_000, adopt = true } = {}) {
  const port = firestorePort(env);
  const url = firestoreUrl(port);
  const found = await probeFirestore(url);
  if (found === 'firestore' && !adopt) {
    // The end-to-end run clears it between tests: one found running may be another copy's of the suite.
    throw new Error(`A Firestore emulator already runs on port ${port} (another test run's?). Leave FIRESTORE_EMULATOR_PORT unset for one of this run's own on a free port, or stop that one.`);
  }
  if (found === 'firestore') {
    await pushRules(url);
    return { url, port, started: false, stop: async () => {} };
  }
  if (found === 'other') {
    throw new Error(`Port ${port} is in use by something that is not the Firestore emulator; set FIRESTORE_EMULATOR_PORT to a free port.`);
  }
  const jar = findFirestoreJar(env);
  if (!jar) throw new Error(NO_JAR_MESSAGE);
  const emulator = spawnFirestore(jar, port);
  if (!(await waitForFirestore(url, timeoutMs))) {
    await emulator.stop();
    throw new Error(`The Firestore emulator (${jar}) did not answer at ${url} within ${timeoutMs / 1000} s. Is Java 17 installed (\`java -version\`)? Its output:\n${emulator.output().slice(-2000)}`);
  }
  return { url, port, started: true, stop: emulator.stop };
}

/**
 * The emulator the unit run's global setup started for every test file
 * (tests/unit-setup.ts): one Java start per run instead of one per file,
 * which was a third of the unit stage. It may still be starting when the
 * first file asks, so wait for it. Stopping it is the global setup's job.
 */
async function sharedFirestore(env, timeoutMs = 90_000) {
  const port = firestorePort(env);
  const url = firestoreUrl(port);
  if (!(await waitForFirestore(url, timeoutMs))) {
    throw new Error(`The unit run's Firestore emulator did not answer at ${url} within ${timeoutMs / 1000} s. Is Java 17 installed (\`java -version\`)?`);
  }
  // Now running: ensureFirestore reuses it and pushes the rules.
  return ensureFirestore({ env });
}

/**
 * Starts the emulator for a whole test run without waiting for it, and
 * names it in `env` for the run's workers (see sharedFirestore). Null when
 * there is no jar or a port is already chosen: each file then starts its own
 * as before, and fails with the sentence NO_JAR_MESSAGE if it needs one.
 */
export async function startSharedFirestore(env = process.env) {
  const jar = findFirestoreJar(env);
  if (!jar || env.FIRESTORE_EMULATOR_PORT) return null;
  const port = await freePort();
  const emulator = spawnFirestore(jar, port);
  env.FIRESTORE_EMULATOR_PORT = String(port);
  env.NUCLEUS_FIRESTORE_SHARED = '1';
  return emulator;
}
