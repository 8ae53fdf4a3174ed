/**
 * The Pulse roll's exact probabilities (GAME.md §1), no simulation.
 * Per original die, hits H: P(H=0)=2/3 and P(H=k)=(1/6)^(k−1)·5/18 for k≥1;
 * with edge, P(H=0)=4/9 and P(H=k)=(5/3)·(1/6)^(k−1)·5/18. A pool is the sum
 * of independent dice, so P(hits = h) for h < d needs only the per-die terms
 * up to d − 1: P(hits ≥ d) = 1 − Σ_{h<d} P(hits = h) is exact.
 */
import { RulesError } from './errors';

export const MAX_POOL = 30;
export const MAX_DIFFICULTY = 30;

function check(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new RulesError(name, `must be a whole number from 1 to ${max} (got ${value})`);
}

/** P(H = k) for one original die. */
export function dieHits(k: number, edge = false): number {
  if (k < 0) return 0;
  if (k === 0) return edge ? 4 / 9 : 2 / 3;
  return (edge ? 5 / 3 : 1) * Math.pow(1 / 6, k - 1) * (5 / 18);
}

/** P(hits = h) for h = 0 … upTo, for a pool. */
export function hitDistribution(pool: number, edge = false, upTo = pool * 3): number[] {
  check('pool', pool, MAX_POOL);
  const die = Array.from({ length: upTo + 1 }, (_, k) => dieHits(k, edge));
  let dist = [1, ...Array<number>(upTo).fill(0)];
  for (let n = 0; n < pool; n++) {
    const next = Array<number>(upTo + 1).fill(0);
    for (let a = 0; a <= upTo; a++) {
      if (dist[a] === 0) continue;
      for (let k = 0; a + k <= upTo; k++) next[a + k]! += dist[a]! * die[k]!;
    }
    dist = next;
  }
  return dist;
}

/** P(hits ≥ difficulty). */
export function probabilityAtLeast(pool: number, difficulty: number, edge = false): number {
  check('pool', pool, MAX_POOL);
  check('difficulty', difficulty, MAX_DIFFICULTY);
  const below = hitDistribution(pool, edge, difficulty - 1).reduce((a, b) => a + b, 0);
  return Math.min(1, Math.max(0, 1 - below));
}

/** Expected hits: 0.4 per die (2/3 with edge). */
export function expectedHits(pool: number, edge = false): number {
  check('pool', pool, MAX_POOL);
  return pool * (edge ? 2 / 3 : 0.4);
}
