/**
 * One command run and timed for the build benchmark: its wall time and,
 * under GNU time (`/usr/bin/time -v`, Debian package `time`), the CPU time
 * (user + system) of it and its children and its peak memory. Without GNU
 * time, only the wall time (CPU and memory are NaN).
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { existsSync } from 'node:fs';

const GNU_TIME = '/usr/bin/time';
export const hasGnuTime = existsSync(GNU_TIME);

export interface Timed {
  seconds: number;
  /** User + system CPU seconds of the command and its children, or NaN. */
  cpu: number;
  /** Largest resident set of the command or one of its children, in kB, or NaN. */
  peakKb: number;
  status: number | null;
  stdout: string;
  /** The command's own error output, GNU time's report appended. */
  stderr: string;
}

export function timed(cmd: string, args: string[], options: Omit<SpawnSyncOptionsWithStringEncoding, 'encoding'>): Timed {
  const started = Date.now();
  const [file, ...rest] = hasGnuTime ? [GNU_TIME, '-v', cmd, ...args] : [cmd, ...args];
  const r = spawnSync(file!, rest, { maxBuffer: 1024 * 1024 * 200, ...options, encoding: 'utf8' });
  const seconds = (Date.now() - started) / 1000;
  const field = (name: string) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(r.stderr)?.[1] ?? NaN);
  return {
    seconds,
    cpu: field('User time \\(seconds\\)') + field('System time \\(seconds\\)'),
    peakKb: field('Maximum resident set size \\(kbytes\\)'),
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
