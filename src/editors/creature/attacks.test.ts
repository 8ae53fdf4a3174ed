import { describe, expect, it } from 'vitest';
import { hitDistribution } from '../../rules';
import { newCreature } from './creatureList';
import { attackPool, attackRoll, chancesToHit, percent } from './attacks';

const c = { ...newCreature('c', '2026-01-01T00:00:00Z'), attributes: { frame: 5, reflex: 2, logic: 1, nerve: 1, sync: 1 }, skills: { brawl: 3 } };

describe('attack pools', () => {
  it('rolls Frame + Brawl in melee and Reflex + Firearms at any other range (combat rules)', () => {
    expect(attackRoll('melee')).toEqual({ attribute: 'frame', skill: 'brawl' });
    for (const r of ['close', 'medium', 'long', 'extreme'] as const) expect(attackRoll(r)).toEqual({ attribute: 'reflex', skill: 'firearms' });
    expect(attackPool(c, { name: 'Claws', damage: 3, range: 'melee' }).pool).toBe(8);
    expect(attackPool(c, { name: 'Spit', damage: 2, range: 'close' }).pool).toBe(2);
  });

  it('never rolls fewer than one die', () => {
    const weak = { ...c, attributes: { ...c.attributes, reflex: 0 } };
    expect(attackPool(weak, { name: 'Spit', damage: 1, range: 'long' }).pool).toBe(1);
  });

  it('gives the exact chance to hit Guard 1–6: one die hits Guard 1 a third of the time and Guard 2 one time in eighteen', () => {
    const one = chancesToHit(1);
    expect(one.map((x) => x.guard)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(one[0]!.chance).toBeCloseTo(1 / 3, 12);
    expect(one[1]!.chance).toBeCloseTo(1 / 18, 12);
    expect(one[0]!.edge).toBeCloseTo(5 / 9, 12);
  });

  it('matches 1 − P(fewer hits) from the distribution for every pool 1–14 (no simulation)', () => {
    for (let pool = 1; pool <= 14; pool++) {
      const dist = hitDistribution(pool);
      chancesToHit(pool).forEach(({ guard, chance }, i) => {
        const below = dist.slice(0, guard).reduce((s, p) => s + p, 0);
        expect(chance).toBeCloseTo(1 - below, 9);
        if (i > 0) expect(chance).toBeLessThanOrEqual(chancesToHit(pool)[i - 1]!.chance);
      });
    }
  });

  it('shows chances as whole percents, like every editor', () => {
    expect(percent(1 / 3)).toBe('33%');
    expect(percent(1 / 18)).toBe('6%');
    expect(percent(0.00001)).toBe('<1%');
    expect(percent(0.998)).toBe('>99%');
    expect(percent(0)).toBe('0%');
  });
});
