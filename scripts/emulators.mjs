// The Firebase Auth emulator (firebase-tools), for `npm start` and the
// end-to-end tests: is it installed, is it up, start it, wait for it, clear it.
// Offline it needs firebase.json's emulators block (ui off, singleProjectMode).
//
// `npm start` uses firebase.json's ports (Auth on 9099). A test run starts
// its own on the port its build baked in (scripts/build-e2e.mjs), with the
// emulator hub and logging ports free ones of its own too, from a
// firebase.json written for that run: two copies of the suite then never
// meet on a port.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGroup, waitUntil } from './lib/process.mjs';
import { freePorts } from './lib/ports.mjs';

export const DEFAULT_AUTH_PORT = 9099;
export const AUTH_EMULATOR_URL = `http://127.0.0.1:${DEFAULT_AUTH_PORT}`;

/** The Auth emulator's address on `port` of 127.0.0.1. */
export function authEmulatorUrl(port = DEFAULT_AUTH_PORT) {
  return `http://127.0.0.1:${port}`;
}
export const DEMO_PROJECT = 'demo-nucleus';
export const EMULATOR_ARGS = ['firebase', 'emulators:start', '--only', 'auth', '--project', DEMO_PROJECT];

/** True when firebase-tools is installed in this project. */
export function firebaseToolsInstalled() {
  try {
    createRequire(import.meta.url).resolve('firebase-tools/package.json');
    return true;
  } catch {
    return false;
  }
}

/** True when a Firebase project is configured (env or .env): then no emulator is needed. */
export function projectConfigured(env = process.env) {
  if (env.PUBLIC_FIREBASE_API_KEY) return true;
  if (!existsSync('.env')) return false;
  return /^\s*PUBLIC_FIREBASE_API_KEY\s*=\s*\S+/m.test(readFileSync('.env', 'utf8'));
}

export async function authEmulatorUp(url = AUTH_EMULATOR_URL) {
  try {
    const res = await fetch(url + '/', { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function waitForAuthEmulator(timeoutMs = 90_000, url = AUTH_EMULATOR_URL) {
  return waitUntil(() => authEmulatorUp(url), timeoutMs, 500);
}

/** Deletes every account in the emulator (between tests). */
export async function clearAuthEmulator(url = AUTH_EMULATOR_URL) {
  const res = await fetch(`${url}/emulator/v1/projects/${DEMO_PROJECT}/accounts`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`Clearing the Auth emulator failed: HTTP ${res.status}`);
}

/**
 * Starts the emulator in its own process group and returns a stop function
 * that ends that group only: on firebase.json's ports, or on `port` with
 * hub and logging ports of its own.
 * @param {{ log?: 'pipe' | 'inherit' | 'ignore', port?: number }} [options]
 */
export async function startAuthEmulator({ log = 'pipe', port = 0 } = {}) {
  // firebase-tools (npx → node) takes longer to stop than the bare jar.
  if (!port) return startGroup('npx', EMULATOR_ARGS, { log, graceMs: 8000 });
  // A run's own configuration: the Auth, hub and logging ports (firebase.json
  // fixes all three), and its own temporary folder, where the hub leaves a
  // file naming itself for the project (another run's would be found there).
  const dir = mkdtempSync(join(tmpdir(), 'nucleus-auth-emulator-'));
  const [hub, logging] = await freePorts(2);
  const host = '127.0.0.1';
  const config = { emulators: { auth: { host, port }, hub: { host, port: hub }, logging: { host, port: logging }, ui: { enabled: false }, singleProjectMode: true } };
  writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  const group = startGroup('npx', [...EMULATOR_ARGS, '--config', join(dir, 'firebase.json')], { log, graceMs: 8000, env: { ...process.env, TMPDIR: dir } });
  return {
    ...group,
    stop: async () => {
      await group.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
