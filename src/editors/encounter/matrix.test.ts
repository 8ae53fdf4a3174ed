import { describe, expect, it } from 'vitest';
import { cellWords, encounterSummary, oddsMatrices } from './matrix';
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

describe('a cell in words', () => {
  it('says about N rounds while that is a number to plan with', () => {
    expect(cellWords({ lands: 433 / 729, perRound: 1258 / 729, rounds: 6 })).toEqual({ perRound: '1.7/round', outcome: 'about 6 rounds', hopeless: false });
    expect(cellWords({ lands: 0.9, perRound: 12.4, rounds: 1 })).toEqual({ perRound: '12/round', outcome: 'about 1 round', hopeless: false });
  });

  it('says a hopeless attack in words, never an absurd number of rounds', () => {
    // One die against Guard 6 (the dice engine's own figures): it lands only through a long run of overcharge sixes.
    const m = oddsMatrices({ ...doc([{ ...hero('Vex', 1), attacks: [{ name: 'Knife', pool: 1, damage: 1, rate: 1, ignoresProtection: 0 }] }], 1), creatures: [{ ...doc([], 1).creatures[0]!, snapshot: { ...creature, guard: 6, health: 30 } }] });
    const cell = m.heroesVsCreatures.rows[0]!.cells[0]!;
    expect(cell.rounds).toBeGreaterThan(1000);
    expect(cellWords(cell)).toEqual({ perRound: 'under 0.1/round', outcome: 'almost never hits', hopeless: true });
    expect(cellWords({ lands: 0.5, perRound: 0.01, rounds: 1200 })).toMatchObject({ outcome: 'hardly hurts it (over 100 rounds)', hopeless: true });
    expect(cellWords({ lands: 0.5, perRound: 0, rounds: null })).toEqual({ perRound: '0/round', outcome: 'cannot hurt it', hopeless: true });
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
