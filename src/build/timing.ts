/**
 * Opt-in phase timing of the build (NUCLEUS_BUILD_TIMING=1): each phase of our
 * content pipeline and integrations prints `[nucleus:timing] name: N ms, C ms
 * CPU (at T s)`, T being the time since the process started, so the gaps
 * between our phases show what Astro and Vite themselves spent (start,
 * bundling, rendering). CPU time (the process's user + system, all threads)
 * is the steadier figure on a shared machine. Off by default: a normal build
 * prints nothing more. Node only.
 */

const enabled = () => process.env.NUCLEUS_BUILD_TIMING === '1';

export interface PhaseStart {
  wall: number;
  cpu: NodeJS.CpuUsage;
}

export function startPhase(): PhaseStart {
  return { wall: performance.now(), cpu: process.cpuUsage() };
}

/** Logs the wall and CPU time since `start` under `name`, when timing is on. */
export function endPhase(name: string, start: PhaseStart): void {
  if (!enabled()) return;
  const cpu = process.cpuUsage(start.cpu);
  const at = (performance.now() / 1000).toFixed(1);
  console.log(`[nucleus:timing] ${name}: ${Math.round(performance.now() - start.wall)} ms, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU (at ${at} s)`);
}

/** Runs `fn`, logging its time under `name` when timing is on. */
export function timed<T>(name: string, fn: () => T): T {
  if (!enabled()) return fn();
  const start = startPhase();
  const out = fn();
  if (out instanceof Promise) return out.finally(() => endPhase(name, start)) as T;
  endPhase(name, start);
  return out;
}

/** A point in time (an Astro hook reached), with the time and CPU since the process started. */
export function mark(name: string): void {
  if (!enabled()) return;
  const cpu = process.cpuUsage();
  console.log(`[nucleus:timing] ${name} at ${(performance.now() / 1000).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU so far`);
}
