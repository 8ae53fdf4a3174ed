// End-to-end tests drive Debian's Chromium (never a downloaded browser).
// Installs it where we can (Debian, root); otherwise says how.
import './lib/require-node.mjs'; // first: stops on a Node older than 22.12 (docs/node.md)
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(`[nucleus] Chromium not found at ${path}; installing Debian's chromium package…`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (existsSync(path)) process.exit(0);
}
console.error(
  `[nucleus] The end-to-end tests need Chromium at ${path}.\n` +
    `  On Debian/Ubuntu: sudo apt-get install -y chromium\n` +
    `  Elsewhere: install Chromium and set CHROMIUM_PATH=/path/to/chromium`,
);
process.exit(1);
