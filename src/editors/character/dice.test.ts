import { describe, expect, it } from 'vitest';
import { SKILL_NAMES, probabilityAtLeast } from '../../rules';
import { diceAtAGlance, difficultyName, formatChance, skillOdds } from './dice';
import { fresh } from './testing';

describe('dice at a glance', () => {
  const c = { ...fresh(), attributes: { frame: 2, reflex: 4, logic: 3, nerve: 1, sync: 2 }, skills: { ...fresh().skills, firearms: 3, athletics: 1 } };

  it('has one row per skill in the rules order, with the governing attribute and pool', () => {
    const rows = diceAtAGlance(c);
    expect(rows.map((r) => r.skill)).toEqual(SKILL_NAMES);
    const firearms = rows.find((r) => r.skill === 'firearms')!;
    expect(firearms).toMatchObject({ attribute: 'reflex', rank: 3, pool: 7, bulkPenalty: false });
    expect(rows.find((r) => r.skill === 'persuasion')).toMatchObject({ attribute: 'nerve', rank: 0, pool: 1 });
  });

  it('gives the exact chance at difficulty 1 (1 − P(no hit per die)^pool) with and without edge', () => {
    for (const row of diceAtAGlance(c)) {
      expect(row.plain[0]).toBeCloseTo(1 - (2 / 3) ** row.pool, 12);
      expect(row.edge[0]).toBeCloseTo(1 - (4 / 9) ** row.pool, 12);
    }
  });

  it('matches the engine for every difficulty 1–6, never rises with difficulty, and edge never lowers a chance', () => {
    const row = skillOdds(c, 'firearms');
    expect(row.plain).toHaveLength(6);
    row.plain.forEach((p, i) => {
      expect(p).toBe(probabilityAtLeast(7, i + 1));
      expect(row.edge[i]).toBeGreaterThanOrEqual(p);
      if (i) expect(p).toBeLessThanOrEqual(row.plain[i - 1]!);
    });
    // Pool 1, difficulty 2: 1/18 (GAME.md §1).
    expect(skillOdds(fresh(), 'brawl').plain[1]).toBeCloseTo(1 / 18, 12);
  });

  it('takes a die off Reflex skills only when over the bulk limit, never below one die', () => {
    const rows = diceAtAGlance(c, true);
    expect(rows.find((r) => r.skill === 'firearms')).toMatchObject({ pool: 6, bulkPenalty: true });
    expect(rows.find((r) => r.skill === 'hacking')).toMatchObject({ pool: 2, bulkPenalty: false });
    expect(skillOdds(fresh(), 'stealth', true).pool).toBe(1);
  });

  it('formats chances without claiming certainty that is not there', () => {
    expect(formatChance(1 / 3)).toBe('33%');
    expect(formatChance(0.001)).toBe('<1%');
    expect(formatChance(0.9999)).toBe('>99%');
    expect(formatChance(0)).toBe('0%');
    expect(formatChance(1)).toBe('100%');
    expect(difficultyName(2)).toBe('Tricky (2)');
  });
});

describe('warming the dice cache', () => {
  it('leaves every chance unchanged', async () => {
    const { warmDice } = await import('./dice');
    const c = { ...fresh(), attributes: { frame: 6, reflex: 6, logic: 1, nerve: 1, sync: 1 }, skills: { ...fresh().skills, athletics: 5 } };
    const before = diceAtAGlance(c);
    warmDice();
    expect(diceAtAGlance(c)).toEqual(before);
    expect(before[0]!.pool).toBe(11);
  });
});
