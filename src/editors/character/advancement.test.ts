import { describe, expect, it } from 'vitest';
import { advancementLog, describeGains, gainsAt, ranksCrossed, syncAdvancement, toSpend, unspent, xpToNextRank } from './advancement';
import { setSkill, setXp, takeFeature, setAttribute } from './edit';
import { NOW, fresh } from './testing';

describe('advancement', () => {
  it('each rank-up gives +2 skill points and a feature slot; ranks 4, 7, 10 an attribute point; 4 and 7 open a tier', () => {
    expect(gainsAt(2)).toEqual({ skillPoints: 2, attributePoints: 0, featureSlots: 1, attributeCap: 6 });
    expect(gainsAt(3)).toEqual({ skillPoints: 2, attributePoints: 0, featureSlots: 1 });
    expect(gainsAt(4)).toEqual({ skillPoints: 2, attributePoints: 1, featureSlots: 1, tier: 2, skillCap: 4 });
    expect(gainsAt(7)).toEqual({ skillPoints: 2, attributePoints: 1, featureSlots: 1, tier: 3, skillCap: 5 });
    expect(gainsAt(10)).toEqual({ skillPoints: 2, attributePoints: 1, featureSlots: 1 });
    expect(describeGains(gainsAt(4))).toBe('+2 skill points, +1 attribute point, +1 feature slot, tier 2 features open, skill cap 4');
  });

  it('XP to the next rank follows XP(r) = 5·r·(r−1), and none at rank 10', () => {
    expect(xpToNextRank(0)).toEqual({ next: 2, needed: 10, at: 10 });
    expect(xpToNextRank(35)).toEqual({ next: 4, needed: 25, at: 60 });
    expect(xpToNextRank(450)).toBeNull();
    expect(ranksCrossed(5, 60)).toEqual([2, 3, 4]);
    expect(ranksCrossed(60, 5)).toEqual([]);
  });

  it('raising XP across rank boundaries adds one log entry per rank, dated, unspent', () => {
    const c = setXp(fresh(), 60, NOW);
    const log = advancementLog(c);
    expect(log.map((e) => e.rank)).toEqual([2, 3, 4]);
    expect(log.every((e) => e.at === NOW && !e.spent)).toBe(true);
    expect(c.advancement).toEqual([2, 3, 4].map((rank) => ({ rank, at: NOW, spent: false })));
    // The creation points are unspent too: 10 + 6 skill points, 9 attribute points, 6 slots.
    expect(unspent(c)).toEqual({ skillPoints: 16, attributePoints: 9, featureSlots: 6 });
    expect(toSpend(c)).toEqual(['16 skill points to spend', '9 attribute points to spend', '6 feature slots free']);
  });

  it('points left are charged to the newest rank-ups first, so spending marks the oldest spent', () => {
    let c = setXp(fresh(), 60, NOW);
    // Spend all creation points and rank 2's skill points.
    for (const s of ['firearms', 'athletics', 'stealth'] as const) c = setSkill(c, s, 3);
    c = setSkill(c, 'hacking', 3);
    for (const [a, v] of [['frame', 3], ['reflex', 4], ['logic', 2], ['nerve', 2], ['sync', 3]] as const) c = setAttribute(c, a, v);
    c = ['quick-draw', 'steady-aim', 'iron-will', 'iron-will'].reduce(takeFeature, c);
    // 12 of 16 skill points, 9 of 9 attribute points, 4 of 6 slots spent.
    const log = advancementLog(c);
    expect(log.map((e) => [e.rank, e.spent, e.left])).toEqual([
      [2, true, { skillPoints: 0, attributePoints: 0, featureSlots: 0 }],
      [3, false, { skillPoints: 2, attributePoints: 0, featureSlots: 1 }],
      [4, false, { skillPoints: 2, attributePoints: 0, featureSlots: 1 }],
    ]);
  });

  it('lowering XP drops the entries above the rank; an unchanged log returns the same document', () => {
    const c = setXp(fresh(), 60, NOW);
    const back = setXp(c, 15, '2026-12-01T00:00:00Z');
    expect(back.advancement).toEqual([{ rank: 2, at: NOW, spent: false }]);
    expect(syncAdvancement(back, 'later')).toBe(back);
  });
});
