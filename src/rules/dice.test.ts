import { describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import { dieHits, hitDistribution, probabilityAtLeast, expectedHits, RulesError } from './index';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('dice (GAME.md §1)', () => {
  it('D1 the per-die distribution follows the formula, with and without edge', () => {
    expect(dieHits(0)).toBeCloseTo(2 / 3, 15);
    expect(dieHits(1)).toBeCloseTo(5 / 18, 15);
    expect(dieHits(3)).toBeCloseTo((1 / 36) * (5 / 18), 15);
    expect(dieHits(0, true)).toBeCloseTo(4 / 9, 15);
    expect(dieHits(2, true)).toBeCloseTo((5 / 3) * (1 / 6) * (5 / 18), 15);
    expect(dieHits(-1)).toBe(0);
  });

  it('D1 pool 1: P(≥1) = 1/3, P(≥2) = 1/18; with edge P(≥1) = 5/9', () => {
    expect(probabilityAtLeast(1, 1)).toBeCloseTo(1 / 3, 12);
    expect(probabilityAtLeast(1, 2)).toBeCloseTo(1 / 18, 12);
    expect(probabilityAtLeast(1, 1, true)).toBeCloseTo(5 / 9, 12);
    expect(probabilityAtLeast(1, 2, true)).toBeCloseTo((5 / 3) * (1 / 18), 12);
  });

  it('D2 two dice match the hand convolution', () => {
    // P(H1+H2 ≥ 2) = 1 − P(0)² − 2·P(0)·P(1)
    expect(probabilityAtLeast(2, 2)).toBeCloseTo(1 - 4 / 9 - 2 * (2 / 3) * (5 / 18), 12);
    expect(probabilityAtLeast(2, 1, true)).toBeCloseTo(1 - (4 / 9) ** 2, 12);
    expect(hitDistribution(2)[1]).toBeCloseTo(2 * (2 / 3) * (5 / 18), 15);
  });

  it('D2 a pool of 30 with edge: the mean is 20 and P(≥30) is tiny but positive', () => {
    const dist = hitDistribution(30, true);
    expect(sum(dist.map((p, h) => p * h))).toBeCloseTo(20, 9);
    expect(probabilityAtLeast(30, 30, true)).toBeGreaterThan(0);
    expect(probabilityAtLeast(1, 30)).toBeGreaterThan(0);
    // Pool 1, difficulty 30: P(H ≥ 30) = (1/6)^29 / 3, exactly the geometric tail.
    expect(probabilityAtLeast(1, 30) / ((1 / 6) ** 29 / 3)).toBeCloseTo(1, 9);
  });

  it('D3 the distribution sums to 1; the folded tail sits above every difficulty', () => {
    for (const pool of [1, 7, 30]) {
      for (const edge of [false, true]) {
        const dist = hitDistribution(pool, edge);
        expect(Math.abs(sum(dist) - 1)).toBeLessThan(1e-12);
        expect(dist.length).toBeGreaterThan(31);
      }
    }
  });

  it('D4 expected hits are 0.4 per die, 2/3 with edge, and equal the distribution mean', () => {
    expect(expectedHits(5)).toBeCloseTo(2, 12);
    expect(expectedHits(3, true)).toBeCloseTo(2, 12);
    const dist = hitDistribution(6);
    expect(sum(dist.map((p, h) => p * h))).toBeCloseTo(expectedHits(6), 9);
  });

  it('D5 pools and difficulties outside 1–30 throw a RulesError naming the argument', () => {
    expect(() => probabilityAtLeast(0, 1)).toThrow(RulesError);
    expect(() => probabilityAtLeast(0, 1)).toThrow('pool: must be a whole number from 1 to 30 (got 0)');
    expect(() => probabilityAtLeast(31, 1)).toThrow(/^pool: /);
    expect(() => probabilityAtLeast(3, 31)).toThrow(/^difficulty: /);
    expect(() => probabilityAtLeast(3, 0)).toThrow(/^difficulty: /);
    expect(() => expectedHits(1.5)).toThrow(/^pool: /);
    expect(() => hitDistribution(40)).toThrow(/^pool: /);
  });

  it('D6 probabilities sum to 1 and fall as difficulty rises (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.boolean(), (pool, edge) => {
        expect(Math.abs(sum(hitDistribution(pool, edge)) - 1)).toBeLessThan(1e-12);
        let last = 1;
        for (let d = 1; d <= 30; d++) {
          const p = probabilityAtLeast(pool, d, edge);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(last + 1e-15);
          last = p;
        }
      }),
      { numRuns: 60 },
    );
  });

  it('D7 edge never lowers a probability; a bigger pool never lowers one (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (pool, d) => {
        expect(probabilityAtLeast(pool, d, true)).toBeGreaterThanOrEqual(probabilityAtLeast(pool, d, false));
        if (pool < 30) expect(probabilityAtLeast(pool + 1, d)).toBeGreaterThanOrEqual(probabilityAtLeast(pool, d));
      }),
    );
  });

  it('D8 P(≥d) = 1 − Σ_{h<d} P(h) to 1e-9 for the chart range (pools 1–12, difficulties 1–6)', () => {
    for (let pool = 1; pool <= 12; pool++) {
      for (const edge of [false, true]) {
        const dist = hitDistribution(pool, edge);
        for (let d = 1; d <= 6; d++) expect(Math.abs(probabilityAtLeast(pool, d, edge) - (1 - sum(dist.slice(0, d))))).toBeLessThan(1e-9);
      }
    }
  });

  it('D9 the memo changes no value: every pool, both modes, equals a from-scratch build to the bit, in any order of asking', async () => {
    // The build before the memo: one die cut above the highest difficulty, n convolutions, the far tail folded.
    const fromScratch = (pool: number, edge: boolean) => {
      const tail = (k: number) => ((edge ? 5 / 3 : 1) * Math.pow(1 / 6, k - 1)) / 3;
      let K = 31;
      while (tail(K) >= 1e-15 / 30) K++;
      const die = [...Array.from({ length: K }, (_, k) => dieHits(k, edge)), tail(K)];
      let dist = [1];
      for (let n = 0; n < pool; n++) {
        const next = new Array<number>(dist.length + die.length - 1).fill(0);
        for (let a = 0; a < dist.length; a++) for (let k = 0; k < die.length; k++) if (dist[a] !== 0) next[a + k]! += dist[a]! * die[k]!;
        dist = next;
      }
      let folded = 0;
      let last = dist.length - 1;
      while (last > 31 && folded + dist[last]! < 1e-15) folded += dist[last--]!;
      dist = dist.slice(0, last + 1);
      dist[last]! += folded;
      return dist;
    };
    vi.resetModules();
    const cold = await import('./dice');
    const pools = Array.from({ length: 30 }, (_, i) => 30 - i);
    for (const edge of [true, false]) {
      // Largest first on a cold memo, then smallest first on this module's (warm) one.
      for (const pool of pools) expect(cold.hitDistribution(pool, edge), `pool ${pool} edge ${edge}`).toEqual(fromScratch(pool, edge));
      for (const pool of [...pools].reverse()) expect(hitDistribution(pool, edge)).toEqual(cold.hitDistribution(pool, edge));
    }
    // Each answer is the caller's own copy: changing it changes no later answer.
    const mine = hitDistribution(3);
    mine[0] = 99;
    expect(hitDistribution(3)[0]).toBe(fromScratch(3, false)[0]);
  });
});
