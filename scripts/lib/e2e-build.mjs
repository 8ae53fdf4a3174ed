// What the end-to-end build baked in that the test run must match: the
// address of the Auth emulator the built pages talk to (the site reads
// PUBLIC_FIREBASE_AUTH_EMULATOR_HOST at build time, and the emulator build's
// Content-Security-Policy names it). scripts/build-e2e.mjs writes it,
// playwright.config.ts reads it and starts the emulator there.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
/** In this clone only (node_modules is never shared), beside no served file. */
export const E2E_BUILD_RECORD = join(ROOT, 'node_modules', '.cache', 'nucleus-e2e', 'build.json');

/** @returns {{ authPort: number } | null} */
export function readE2eBuild(file = E2E_BUILD_RECORD) {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    return Number.isInteger(record?.authPort) ? record : null;
  } catch {
    return null;
  }
}

export function writeE2eBuild(record, file = E2E_BUILD_RECORD) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
}
