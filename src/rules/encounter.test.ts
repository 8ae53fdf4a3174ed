import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { attackOdds, averageRank, band, creatureSnapshot, encounterThreat, evaluate, hitDistribution, isBoss, loadDocument, oddsCell, oddsMatrix, partyRank, roundsToDown } from './index';
import type { CreatureSnapshot, Encounter, HeroSnapshot } from './index';
import { base, catalogues, creature } from './testing';

const hero = (over: Partial<HeroSnapshot> = {}): HeroSnapshot => ({
  name: 'Mara', rank: 2, reflex: 3, logic: 2, guard: 2, health: 14, protection: 1, strainCapacity: 6, initiative: 5,
  attacks: [{ name: 'Service Pistol', pool: 5, damage: 3, rate: 1, ignoresProtection: 0 }],
  ...over,
});
const beast = (over: Partial<CreatureSnapshot> = {}): CreatureSnapshot => ({
  name: 'Scuttler', creatureKind: 'machine', threatRank: 1, health: 11, guard: 2, protection: 0, reflex: 2, logic: 2, initiative: 4,
  attacks: [{ name: 'Welding Arc', pool: 2, damage: 2, rate: 1, ignoresProtection: 0 }], tags: [],
  ...over,
});
const encounter = (party: HeroSnapshot[], rows: [CreatureSnapshot, number][]): Encounter => ({
  ...base, kind: 'encounter', tags: [],
  party: party.map((snapshot, i) => ({ id: `h${i}`, source: { kind: 'quick' }, snapshot })),
  creatures: rows.map(([snapshot, count], i) => ({ id: `c${i}`, source: { kind: 'bestiary', id: 'x' }, count, snapshot })),
});
const crew = (n: number, rank: number) => Array.from({ length: n }, () => hero({ rank }));
/** Σ over k ≥ guard of P(H = k)·max(0, damage + k − guard − protection), straight from the distribution. */
const byHand = (pool: number, guard: number, damage: number, protection: number) =>
  hitDistribution(pool).reduce((s, p, k) => s + (k >= guard ? p * Math.max(0, damage + k - guard - protection) : 0), 0);

describe('encounters (GAME.md §7)', () => {
  it('N1 party rank = Σ hero ranks; threat = Σ chosen threat ranks with every copy counted', () => {
    expect(partyRank(crew(4, 2))).toBe(8);
    expect(partyRank([])).toBe(0);
    expect(encounterThreat([{ count: 4, snapshot: { threatRank: 2 } }])).toBe(8);
    expect(encounterThreat([{ count: 2, snapshot: { threatRank: 3 } }, { count: 2, snapshot: { threatRank: 1 } }])).toBe(8);
  });

  it('N2 band from threat ÷ party rank, exact at its borders 0.75, 1.25, 1.75; an empty party has none', () => {
    expect([5, 6, 9, 10, 13, 14, 30].map((t) => band(t, 8))).toEqual(['skirmish', 'fair', 'fair', 'hard', 'hard', 'deadly', 'deadly']);
    expect([2, 3, 4, 5, 6, 7].map((t) => band(t, 4))).toEqual(['skirmish', 'fair', 'fair', 'hard', 'hard', 'deadly']);
    expect(band(0, 8)).toBe('skirmish');
    expect(band(8, 0)).toBeNull();
    // For a crew of four, the chapter's table: about 2×, 4× and 6× the crew's rank.
    expect([2, 4, 6].map((m) => band(m * 3, 12))).toEqual(['skirmish', 'fair', 'hard']);
  });

  it('N3 boss: chosen threat rank ≥ average rank (rounded down) + 3; never against an empty party', () => {
    const party = [hero({ rank: 2 }), hero({ rank: 3 })]; // average 2.5 → 2
    expect(averageRank(party)).toBe(2);
    expect(isBoss(4, party)).toBe(false);
    expect(isBoss(5, party)).toBe(true);
    expect(isBoss(10, [])).toBe(false);
  });

  it('N4 an attack lands with P(H ≥ Guard) and deals the exact expected damage (hand-computed, 1e-9)', () => {
    const o = attackOdds({ pool: 5, damage: 3, rate: 1, ignoresProtection: 0 }, { guard: 2, protection: 1 });
    expect(o.lands).toBeCloseTo(433 / 729, 9);
    expect(o.perAttack).toBeCloseTo(1258 / 729, 9);
    expect(o.perRound).toBeCloseTo(1258 / 729, 9);
    // Pool 1, Guard 1, damage 2: Σ P(k)·(1 + k) = P(H ≥ 1) + E[H] = 1/3 + 2/5.
    const one = attackOdds({ pool: 1, damage: 2, rate: 1, ignoresProtection: 0 }, { guard: 1, protection: 0 });
    expect(one.lands).toBeCloseTo(1 / 3, 9);
    expect(one.perAttack).toBeCloseTo(11 / 15, 9);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 6 }), (pool, guard, damage, protection) => {
        expect(attackOdds({ pool, damage, rate: 1, ignoresProtection: 0 }, { guard, protection }).perAttack).toBeCloseTo(byHand(pool, guard, damage, protection), 9);
      }),
    );
  });

  it('N5 ignoring N points uses max(0, Protection − N), ignoring all uses 0; a rate of n makes n attacks a round', () => {
    const at = (ignoresProtection: number | 'all', protection: number, rate = 1) => attackOdds({ pool: 1, damage: 2, rate, ignoresProtection }, { guard: 1, protection });
    // Damage 2 + k − 1 − 1 = k against protection 1: E[H] = 0.4.
    expect(at(1, 2).perAttack).toBeCloseTo(0.4, 9);
    expect(at(5, 2).perAttack).toBeCloseTo(11 / 15, 9);
    expect(at('all', 9).perAttack).toBeCloseTo(11 / 15, 9);
    // Protection 2 in full: Σ P(k)·(k − 1) = E[H] − P(H ≥ 1) = 2/5 − 1/3.
    expect(at(0, 2).perAttack).toBeCloseTo(1 / 15, 9);
    expect(at(1, 2, 3).perRound).toBeCloseTo(1.2, 9);
    // Protection above every hit's damage: lands, but never hurts.
    expect(attackOdds({ pool: 1, damage: 1, rate: 1, ignoresProtection: 0 }, { guard: 1, protection: 40 }).perAttack).toBe(0);
  });

  it('N6 a Guard below 1 counts as 1 and one above 30 as 30; a pool below 1 rolls 1 die', () => {
    const pistol = { pool: 5, damage: 3, rate: 1, ignoresProtection: 0 as const };
    expect(attackOdds(pistol, { guard: 0, protection: 0 })).toEqual(attackOdds(pistol, { guard: 1, protection: 0 }));
    expect(attackOdds({ ...pistol, pool: 0 }, { guard: 1, protection: 0 }).lands).toBeCloseTo(1 / 3, 12);
    expect(attackOdds(pistol, { guard: 99, protection: 0 }).lands).toBeGreaterThan(0);
  });

  it('N7 about ⌈Health ÷ expected damage per round⌉ rounds; no damage: cannot hurt it (null)', () => {
    expect(roundsToDown(14, 2)).toBe(7);
    expect(roundsToDown(14, 1.9)).toBe(8);
    expect(roundsToDown(3, 1258 / 729)).toBe(2);
    expect(roundsToDown(14, 0)).toBeNull();
    expect(oddsCell({ attacks: [] }, { guard: 1, protection: 0, health: 5 }).rounds).toBeNull();
  });

  it('N8 a creature snapshot uses the creature rules: Health, Guard, Protection with properties, Reflex + Logic, melee Frame + Brawl, else Reflex + Firearms', () => {
    const c = creature({
      name: 'Boar', threatRank: 2, attributes: { frame: 4, reflex: 3, logic: 1, nerve: 2, sync: 1 }, skills: { brawl: 2, firearms: 1 },
      properties: [{ id: 'hide', potency: 2 }, { id: 'quick-feet' }],
      attacks: [{ name: 'Gore', damage: 4, range: 'melee' }, { name: 'Spit', damage: 2, range: 'close' }],
    });
    expect(creatureSnapshot(c, catalogues)).toEqual({
      name: 'Boar', creatureKind: 'beast', threatRank: 2, health: 6 + 12 + 4 + 4, guard: 1 + 1 + 1, protection: 2, reflex: 3, logic: 1, initiative: 4,
      attacks: [
        { name: 'Gore', pool: 6, damage: 4, rate: 1, ignoresProtection: 0, range: 'melee' },
        { name: 'Spit', pool: 4, damage: 2, rate: 1, ignoresProtection: 0, range: 'close' },
      ],
      tags: [],
    });
  });

  it('N9 evaluate warns (band when hard or deadly, boss, Guard raised, count, no party) and never makes an encounter invalid', () => {
    const fair = evaluate(encounter(crew(4, 2), [[beast({ threatRank: 2 }), 4]]));
    expect(fair).toMatchObject({ valid: true, issues: [], derived: { partyRank: 8, threat: 8, band: 'fair', ratio: 1, bosses: [], creatureCount: 4 } });
    const deadly = evaluate(encounter([...crew(3, 2), hero({ rank: 2, guard: 0 })], [[beast({ threatRank: 5 }), 3], [beast({ guard: 0 }), 0]]));
    expect(deadly.valid).toBe(true);
    expect(deadly.issues.every((i) => i.severity === 'warning')).toBe(true);
    expect(deadly.issues.map((i) => [i.path, i.code])).toEqual([
      ['party.3.snapshot.guard', 'guard-raised'],
      ['creatures.0', 'boss'],
      ['creatures.1.count', 'count'],
      ['creatures.1.snapshot.guard', 'guard-raised'],
      ['creatures', 'band'],
    ]);
    expect(deadly.derived).toMatchObject({ band: 'deadly', bosses: ['c0'], threat: 15 });
    expect(deadly.issues.at(-1)!.message).toBe('Threat 15 against party rank 8 makes a deadly fight: expect heroes to go down.');
    const alone = evaluate(encounter([], [[beast(), 2]]));
    expect(alone.issues.map((i) => i.code)).toEqual(['no-party']);
    expect(alone.derived).toMatchObject({ band: null, ratio: null });
  });

  it('N10 the odds matrix: every creature attack against every hero and back, each cell the best attack per round', () => {
    const heroes = [hero(), hero({ name: 'Jun', guard: 3, protection: 2 })];
    const creatures = [beast(), beast({ attacks: [{ name: 'Weak', pool: 1, damage: 1, rate: 1, ignoresProtection: 0 }, { name: 'Strong', pool: 6, damage: 5, rate: 2, ignoresProtection: 0 }] })];
    const m = oddsMatrix(heroes, creatures);
    expect(m.creaturesVsHeroes.map((r) => r.length)).toEqual([2, 2]);
    expect(m.heroesVsCreatures.map((r) => r.length)).toEqual([2, 2]);
    const cell = m.creaturesVsHeroes[1]![0]!;
    expect(cell.attacks.map((a) => a.name)).toEqual(['Weak', 'Strong']);
    expect(cell.perRound).toBe(cell.attacks[1]!.perRound);
    expect(cell.rounds).toBe(Math.ceil(14 / cell.perRound));
  });

  it('N11 an encounter document loads with defaults, keeps unknown fields, and migrates from version 0', () => {
    const doc = loadDocument({ kind: 'encounter', id: 'e1', name: 'Lobby', createdAt: 'x', updatedAt: 'x', extra: 1 });
    expect(doc).toMatchObject({ kind: 'encounter', schemaVersion: 1, tags: [], creatures: [], party: [], extra: 1 });
    expect('fight' in doc).toBe(false);
    const full = loadDocument(encounter([hero()], [[beast(), 2]]));
    expect(full).toEqual(encounter([hero()], [[beast(), 2]]));
    expect(() => loadDocument({ ...encounter([], []), creatures: [{ id: 'c', source: { kind: 'shop', id: 'x' }, count: 1, snapshot: beast() }] })).toThrow(
      'creatures.0.source.kind: expected one of bestiary, creature',
    );
  });
});
