// Builds the two sites the end-to-end tests serve: dist/ at the root and
// dist-sub/guide/ under the sub-path /guide/ (with its 404.html and its
// serve.json, the response headers the build wrote, at the top, where the
// static server looks for them).
//
// Both talk to an Auth emulator on a port of this clone's own: AUTH_EMULATOR_PORT,
// else the last e2e build's port if it is free now (an unchanged build then
// stays a content-only rebuild), else one the OS picks. The port is baked in
// (PUBLIC_FIREBASE_AUTH_EMULATOR_HOST) and recorded for playwright.config.ts,
// which starts the emulator there (scripts/lib/e2e-build.mjs).
import './lib/require-node.mjs'; // first: stops on a Node older than 22.12 (docs/node.md)
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync, mkdirSync } from 'node:fs';
import { freePort, portFromEnv, portInUse } from './lib/ports.mjs';
import { readE2eBuild, writeE2eBuild } from './lib/e2e-build.mjs';

async function authPort() {
  const named = portFromEnv('AUTH_EMULATOR_PORT');
  if (named) return named;
  const last = readE2eBuild()?.authPort;
  if (last && !(await portInUse(last))) return last;
  return freePort();
}

const port = await authPort();
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}` };
console.log(`[build-e2e] the built site talks to the Auth emulator at 127.0.0.1:${port}`);
// npm run build: the content-only rebuild when only content changed (scripts/build.ts).
const build = (args, extra = {}) => spawnSync('npm', ['run', '--silent', 'build', '--', ...args], { stdio: 'inherit', env: { ...env, ...extra } }).status;

if (build([]) !== 0) process.exit(1);
rmSync('dist-sub', { recursive: true, force: true });
mkdirSync('dist-sub', { recursive: true });
if (build(['--outDir', 'dist-sub/guide'], { NUCLEUS_BASE: '/guide/' }) !== 0) process.exit(1);
copyFileSync('dist-sub/guide/404.html', 'dist-sub/404.html');
copyFileSync('dist-sub/guide/serve.json', 'dist-sub/serve.json');
writeE2eBuild({ authPort: port });
