// Builds the two sites the end-to-end tests serve: dist/ at the root and
// dist-sub/guide/ under the sub-path /guide/ (with its 404.html and its
// serve.json, the response headers the build wrote, at the top, where the
// static server looks for them).
import './lib/require-node.mjs'; // first: stops on a Node older than 22.12 (docs/node.md)
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync, mkdirSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
// npm run build: the content-only rebuild when only content changed (scripts/build.ts).
const build = (args, extra = {}) => spawnSync('npm', ['run', '--silent', 'build', '--', ...args], { stdio: 'inherit', env: { ...env, ...extra } }).status;

if (build([]) !== 0) process.exit(1);
rmSync('dist-sub', { recursive: true, force: true });
mkdirSync('dist-sub', { recursive: true });
if (build(['--outDir', 'dist-sub/guide'], { NUCLEUS_BASE: '/guide/' }) !== 0) process.exit(1);
copyFileSync('dist-sub/guide/404.html', 'dist-sub/404.html');
copyFileSync('dist-sub/guide/serve.json', 'dist-sub/serve.json');
