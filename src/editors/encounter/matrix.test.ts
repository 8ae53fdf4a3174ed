import { describe, expect, it } from 'vitest';
import { encounterSummary, oddsMatrices } from './matrix';
import type { CreatureSnapshot, Encounter, HeroSnapshot } from './rules';

const NOW = '2026-11-27T19:00:00.000Z';
const creature: CreatureSnapshot = { name: 'Ganger', creatureKind: 'humanoid', threatRank: 2, health: 12, guard: 2, protection: 1, reflex: 3, logic: 2, initiative: 5, attacks: [{ name: 'Pistol', pool: 5, damage: 3, rate: 1, ignoresProtection: 0 }], tags: [] };
const hero = (name: string, rank: number): HeroSnapshot => ({ name, rank, reflex: 3, logic: 2, guard: 2, health: 10, protection: 1, strainCapacity: 4, initiative: 5, attacks: [{ name: 'Rifle', pool: 5, damage: 3, rate: 2, ignoresProtection: 0 }] });
const doc = (heroes: HeroSnapshot[], count: number): Encounter => ({
  kind: 'encounter', id: 'e', schemaVersion: 1, name: 'E', createdAt: NOW, updatedAt: NOW,
  creatures: [{ id: 'c1', source: { kind: 'bestiary', id: 'ganger' }, count, snapshot: creature }],
  party: heroes.map((s, i) => ({ id: `h${i + 1}`, source: { kind: 'quick' }, snapshot: s })),
});

describe('the odds matrix', () => {
  it('gives each cell the exact odds of GAME.md §7 (pool 5 against Guard 2, damage 3, Protection 1)', () => {
    const m = oddsMatrices(doc([hero('Vex', 2)], 1));
    const c = m.creaturesVsHeroes.rows[0]!.cells[0]!;
    expect(c.lands).toBeCloseTo(433 / 729, 9);
    expect(c.perAttack).toBeCloseTo(1258 / 729, 9);
    expect(c.rounds).toBe(Math.ceil(10 / (1258 / 729)));
    // Rate 2: twice the damage per round, half the rounds (rounded up).
    const h = m.heroesVsCreatures.rows[0]!.cells[0]!;
    expect(h.perRound).toBeCloseTo((2 * 1258) / 729, 9);
    expect(h.rounds).toBe(Math.ceil(12 / ((2 * 1258) / 729)));
  });

  it('has a row per attack and a column per target in both directions', () => {
    const m = oddsMatrices(doc([hero('Vex', 2), hero('Ada', 2)], 3));
    expect(m.creaturesVsHeroes.targets.map((t) => t.name)).toEqual(['Vex', 'Ada']);
    expect(m.heroesVsCreatures.rows.map((r) => r.attacker)).toEqual(['Vex: Rifle', 'Ada: Rifle']);
  });
});

describe('the summary', () => {
  it('counts every copy in the threat and names the band; no party, no band', () => {
    expect(encounterSummary(doc([hero('A', 2), hero('B', 2), hero('C', 2), hero('D', 2)], 4))).toMatchObject({ partyRank: 8, threat: 8, band: 'fair', bosses: [] });
    expect(encounterSummary(doc([], 2)).band).toBeNull();
  });

  it('marks a creature 3 or more ranks above the party average as a boss', () => {
    expect(encounterSummary(doc([hero('A', 1)], 1)).bosses).toEqual([]);
    expect(encounterSummary({ ...doc([hero('A', 1)], 1), creatures: [{ ...doc([], 1).creatures[0]!, snapshot: { ...creature, threatRank: 4 } }] }).bosses).toEqual(['Ganger']);
  });
});
