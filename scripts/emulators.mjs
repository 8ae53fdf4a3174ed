// The Firebase Auth emulator (firebase-tools), for `npm start` and the
// end-to-end tests: is it installed, is it up, start it, wait for it, clear it.
// Offline it needs firebase.json's emulators block (ui off, singleProjectMode).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startGroup, waitUntil } from './lib/process.mjs';

export const AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
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
 * that ends that group only.
 */
export function startAuthEmulator({ log = 'pipe' } = {}) {
  // firebase-tools (npx → node → java) takes longer to stop than the bare jar.
  return startGroup('npx', EMULATOR_ARGS, { log, graceMs: 8000 });
}
