/**
 * The Pulse roll's exact probabilities (GAME.md §1), no simulation.
 * D1 Per original die, hits H: P(H=0)=2/3 and P(H=k)=(1/6)^(k−1)·5/18 for k≥1;
 *    with edge P(H=0)=4/9 and P(H=k)=(5/3)·(1/6)^(k−1)·5/18.
 * D2 A pool is the sum of independent dice: its distribution is the convolution.
 * D3 The infinite tail is cut only where the mass left is below 1e-15, and that
 *    mass is folded into the last bucket, so the distribution sums to 1 and
 *    P(hits ≥ d) stays exact to 1e-9. The per-die cut sits above the highest
 *    difficulty (30), so no folded mass ever lands below a difficulty.
 */
import { RulesError } from './errors';

export const MAX_POOL = 30;
export const MAX_DIFFICULTY = 30;
/** Mass below which a tail may be cut (and folded into its last bucket). */
export const TAIL_EPSILON = 1e-15;

function check(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RulesError(name, `must be a whole number from 1 to ${max} (got ${value})`);
  }
}

/** P(H = k) for one original die, from the GAME.md formula. */
export function dieHits(k: number, edge = false): number {
  if (!Number.isInteger(k) || k < 0) return 0;
  if (k === 0) return edge ? 4 / 9 : 2 / 3;
  return (edge ? 5 / 3 : 1) * Math.pow(1 / 6, k - 1) * (5 / 18);
}

/** P(H ≥ k) for one die: the geometric tail Σ_{j≥k} (1/6)^(j−1)·5/18 = (1/6)^(k−1)·1/3 (× 5/3 with edge). */
function dieTail(k: number, edge: boolean): number {
  return k === 0 ? 1 : (edge ? 5 / 3 : 1) * Math.pow(1 / 6, k - 1) / 3;
}

/** One die's distribution, cut at index K > MAX_DIFFICULTY with P(H ≥ K) folded into index K. */
function dieDistribution(edge: boolean): number[] {
  let K = MAX_DIFFICULTY + 1;
  while (dieTail(K, edge) >= TAIL_EPSILON / MAX_POOL) K++;
  const die = Array.from({ length: K }, (_, k) => dieHits(k, edge));
  die.push(dieTail(K, edge));
  return die;
}

/**
 * Memo, per edge: one die's distribution and the unfolded pool
 * distributions built so far (`raw[n]` is n dice), so pool n is one
 * convolution of pool n − 1, never n from scratch; and each pool's folded
 * answer. Bounded: at most MAX_POOL + 1 raw and MAX_POOL folded arrays per
 * edge (pools are checked first). The same multiplications in the same
 * order as a from-scratch build, so the values are identical to the bit.
 */
interface Chain {
  die: number[];
  raw: number[][];
  folded: number[][];
}
const chains: Partial<Record<'plain' | 'edge', Chain>> = {};

function convolve(dist: readonly number[], die: readonly number[]): number[] {
  const next = new Array<number>(dist.length + die.length - 1).fill(0);
  for (let a = 0; a < dist.length; a++) {
    const pa = dist[a]!;
    if (pa === 0) continue;
    for (let k = 0; k < die.length; k++) next[a + k]! += pa * die[k]!;
  }
  return next;
}

/** Folds the far tail (mass < 1e-15) into one bucket, never below a difficulty; `dist` is not changed. */
function foldTail(dist: readonly number[]): number[] {
  let tail = 0;
  let last = dist.length - 1;
  while (last > MAX_DIFFICULTY + 1 && tail + dist[last]! < TAIL_EPSILON) tail += dist[last--]!;
  const folded = dist.slice(0, last + 1);
  folded[last]! += tail;
  return folded;
}

/**
 * P(hits = h) for h = 0 … n for a pool of 1–30 dice; the last entry holds
 * P(hits ≥ n), where that mass is below 1e-15. The entries sum to 1.
 * A fresh array each call (the caller may change it).
 * @example hitDistribution(1)[0] ⇒ 2/3
 */
export function hitDistribution(pool: number, edge = false): number[] {
  check('pool', pool, MAX_POOL);
  const chain = (chains[edge ? 'edge' : 'plain'] ??= { die: dieDistribution(edge), raw: [[1]], folded: [] });
  let dist = chain.folded[pool];
  if (!dist) {
    while (chain.raw.length <= pool) chain.raw.push(convolve(chain.raw[chain.raw.length - 1]!, chain.die));
    dist = chain.folded[pool] = foldTail(chain.raw[pool]!);
  }
  return dist.slice();
}

/**
 * P(hits ≥ difficulty): the chance a roll of `pool` dice succeeds.
 * @example probabilityAtLeast(1, 2) ⇒ 1/18
 */
export function probabilityAtLeast(pool: number, difficulty: number, edge = false): number {
  check('pool', pool, MAX_POOL);
  check('difficulty', difficulty, MAX_DIFFICULTY);
  const dist = hitDistribution(pool, edge);
  // Summing the upper tail keeps small probabilities accurate (no 1 − x cancellation).
  let p = 0;
  for (let h = dist.length - 1; h >= difficulty; h--) p += dist[h]!;
  return Math.min(1, p);
}

/** Expected hits: 0.4 per die (2/3 with edge). */
export function expectedHits(pool: number, edge = false): number {
  check('pool', pool, MAX_POOL);
  return pool * (edge ? 2 / 3 : 2 / 5);
}
