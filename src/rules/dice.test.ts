import { describe, it, expect } from 'vitest';
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
});
