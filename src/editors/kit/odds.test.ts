import { describe, expect, it } from 'vitest';
import { exactOdds, formatOdds } from './odds';

describe('odds as players read them', () => {
  it('prints whole percents, <1% and >99% at the ends', () => {
    // GAME.md §1: pool 1, difficulty 1 is 1/3; difficulty 2 is 1/18.
    expect(formatOdds(1 / 3)).toBe('33%');
    expect(formatOdds(1 / 18)).toBe('6%');
    expect(formatOdds(0.0049)).toBe('<1%');
    expect(formatOdds(0.005)).toBe('1%');
    expect(formatOdds(0.998)).toBe('>99%');
    expect(formatOdds(0.994)).toBe('99%');
    expect(formatOdds(0)).toBe('0%');
    expect(formatOdds(1)).toBe('100%');
  });
  it('gives the exact figure for a title', () => {
    expect(exactOdds(1 / 3)).toBe('33.33%');
    expect(exactOdds(1 / 18)).toBe('5.556%');
  });
});
