// A local service process (the Auth and Firestore emulators): started in a
// process group of its own so that stopping it ends its children too (npx →
// firebase → java) and nothing else, and polled until it answers.
import { spawn } from 'node:child_process';

/** Output kept for an error message: the tail is where a failed start says why. */
const KEEP = 8000;

/**
 * Starts `cmd args` detached, in its own process group (with `env`). Returns the child,
 * `output()` (the last part of what it printed, and a spawn error) and
 * `stop()`, which sends SIGTERM to that group by its process id and SIGKILL
 * when it is still running after `graceMs`.
 */
export function startGroup(cmd, args, { log = 'pipe', graceMs = 5000, env = process.env } = {}) {
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', log, log], env });
  let output = '';
  const keep = (d) => (output = (output + d).slice(-KEEP));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (e) => keep(`\n${e.message}`));
  const exited = new Promise((r) => child.on('exit', r));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), graceMs))]);
    if (!done) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  return { child, stop, output: () => output };
}

/** Asks `ready()` every `everyMs` until it says true (→ true) or `timeoutMs` has passed (→ false). */
export async function waitUntil(ready, timeoutMs, everyMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ready()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}
