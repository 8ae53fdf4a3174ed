// `npm start`: build the site and serve it on 127.0.0.1, with the local
// services beside it (the Auth emulator, when firebase-tools is installed, and
// the Firestore emulator for cloud sync, when its jar is found).
import './lib/require-node.mjs'; // first: stops on a Node older than 22.12 (docs/node.md)
import { spawn, spawnSync } from 'node:child_process';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const port = process.env.PORT || '4321';
const children = [];

function start(name, cmd, args, env = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`[nucleus] ${name} exited with ${code}`);
  });
  children.push(child);
  return child;
}

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// The browser finds the Firestore emulator on 8085 unless told otherwise at build time.
if (process.env.FIRESTORE_EMULATOR_PORT && !process.env.PUBLIC_FIREBASE_FIRESTORE_EMULATOR_HOST) {
  process.env.PUBLIC_FIREBASE_FIRESTORE_EMULATOR_HOST = `127.0.0.1:${process.env.FIRESTORE_EMULATOR_PORT}`;
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const extra = await import('./services.mjs').then((m) => m.startServices(start)).catch(() => null);
if (extra) console.log(extra);

start('site', 'npx', ['astro', 'preview', '--host', '127.0.0.1', '--port', port]);
console.log(`\n[nucleus] Nucleus is running at http://127.0.0.1:${port}/  (Ctrl+C stops it)\n`);
