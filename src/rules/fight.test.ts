import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  MAX_OVERCHARGE, applyDamage, applyHealing, applyStrain, atStrainCapacity, compareInitiative, condition, current, delayTurn, inOrder, newFight, nextTurn,
  orderByInitiative, placeLateJoiner, previousTurn, rollPool, setInitiative, setNote, typedInitiative,
} from './index';
import type { Combatant, CreatureSnapshot, Encounter, Fight, HeroSnapshot } from './index';

/** A random source that rolls these faces in turn (a face f is the number (f − 1) / 6). */
const dice = (...faces: number[]) => {
  let i = 0;
  return () => (faces[i++ % faces.length]! - 1) / 6 + 0.01;
};
const heroSnap = (name: string, reflex = 3): HeroSnapshot => ({ name, rank: 2, reflex, logic: 2, guard: 2, health: 14, protection: 1, strainCapacity: 6, initiative: reflex + 2, attacks: [] });
const beastSnap = (name: string, reflex = 2): CreatureSnapshot => ({ name, creatureKind: 'machine', threatRank: 1, health: 10, guard: 2, protection: 2, reflex, logic: 2, initiative: reflex + 2, attacks: [], tags: [] });
const party = (snaps: HeroSnapshot[]): Encounter['party'] => snaps.map((snapshot, i) => ({ id: `h${i + 1}`, source: { kind: 'quick' }, snapshot }));
const rows = (list: [CreatureSnapshot, number][]): Encounter['creatures'] => list.map(([snapshot, count], i) => ({ id: `c${i + 1}`, source: { kind: 'bestiary', id: 'x' }, count, snapshot }));
const fight = () => newFight({ party: party([heroSnap('Mara'), heroSnap('Jun', 2)]), creatures: rows([[beastSnap('Scuttler'), 2]]) });
const withHits = (f: Fight, hits: Record<string, number>) => orderByInitiative(Object.entries(hits).reduce((g, [id, h]) => setInitiative(g, id, typedInitiative(h)), f));
const ids = (f: Fight) => inOrder(f).map((c) => c.id);

describe('the fight (GAME.md §7, §1)', () => {
  it('F1 an initiative roll die by die: 5 and 6 hit, each counting 6 overcharges (again and again), edge rerolls only the pool’s 1–4 once', () => {
    expect(rollPool(3, dice(6, 2, 5, 6, 1))).toEqual({
      hits: 3,
      dice: [{ face: 6, from: 'pool' }, { face: 2, from: 'pool' }, { face: 5, from: 'pool' }, { face: 6, from: 'overcharge' }, { face: 1, from: 'overcharge' }],
    });
    // Edge: the 2 is rerolled into a 6, which overcharges; the overcharge die's 3 is never rerolled.
    expect(rollPool(2, dice(5, 2, 6, 3), true)).toEqual({
      hits: 2,
      edge: true,
      dice: [{ face: 5, from: 'pool' }, { face: 2, from: 'pool', rerolled: true }, { face: 6, from: 'edge' }, { face: 3, from: 'overcharge' }],
    });
    expect(rollPool(0, dice(1)).dice).toHaveLength(1);
    // A source that always rolls 6 still ends.
    expect(rollPool(1, () => 0.99).dice.length).toBe(101);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.boolean(), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 40 }), (pool, edge, faces) => {
        const r = rollPool(pool, dice(...faces), edge);
        expect(r.hits).toBe(r.dice.filter((d) => !d.rerolled && d.face >= 5).length);
        expect(r.dice.filter((d) => d.from === 'pool')).toHaveLength(pool);
        expect(r.dice.filter((d) => d.from === 'overcharge').length).toBe(Math.min(MAX_OVERCHARGE, r.dice.filter((d) => !d.rerolled && d.face === 6).length));
      }),
    );
  });

  it('F2 hits typed from physical dice count exactly like a roll; a bad number is refused with a sentence', () => {
    const f = fight();
    const rolled = setInitiative(f, 'h1', rollPool(2, dice(5, 5)));
    const typed = setInitiative(f, 'h1', typedInitiative(2));
    expect(ids(orderByInitiative(rolled))).toEqual(ids(orderByInitiative(typed)));
    expect(() => typedInitiative(-1)).toThrow('Type the hits as a whole number from 0');
    expect(() => typedInitiative(1.5)).toThrow('Type the hits');
    expect(() => typedInitiative(201)).toThrow('from 0 (the dice showed no 5 or 6) to 200.');
  });

  it('F3 order: most hits first; ties to the higher Reflex; then heroes before creatures; then the order listed', () => {
    // Mara (R3), Jun (R2), Scuttler 1 and 2 (R2).
    expect(ids(withHits(fight(), { h1: 1, h2: 3, 'c1-1': 2, 'c1-2': 0 }))).toEqual(['h2', 'c1-1', 'h1', 'c1-2']);
    expect(ids(withHits(fight(), { h1: 2, h2: 2, 'c1-1': 2, 'c1-2': 2 }))).toEqual(['h1', 'h2', 'c1-1', 'c1-2']);
    const fast = newFight({ party: party([heroSnap('Mara', 2)]), creatures: rows([[beastSnap('Hound', 4), 1]]) });
    expect(ids(withHits(fast, { h1: 2, 'c1-1': 2 }))).toEqual(['c1-1', 'h1']);
    // Who has not rolled yet goes after everyone who has.
    expect(ids(withHits(fight(), { 'c1-2': 1, 'c1-1': 1 }))).toEqual(['c1-1', 'c1-2', 'h1', 'h2']);
    const a = { side: 'hero', reflex: 3, listed: 0, initiative: { hits: 1 } } as Combatant;
    expect(compareInitiative(a, { ...a, listed: 1 })).toBeLessThan(0);
    expect(compareInitiative({ ...a, initiative: undefined }, { ...a, initiative: { hits: 0 } })).toBeGreaterThan(0);
  });

  it('F4 a new fight lists the party, then each copy of each creature (numbered when there are several), round 1, first turn', () => {
    const f = fight();
    expect(f).toMatchObject({ round: 1, turn: 0, order: ['h1', 'h2', 'c1-1', 'c1-2'] });
    expect(f.combatants.map((c) => [c.name, c.side, c.entry, c.listed, c.health, c.maxHealth, c.strainCapacity])).toEqual([
      ['Mara', 'hero', 'h1', 0, 14, 14, 6],
      ['Jun', 'hero', 'h2', 1, 14, 14, 6],
      ['Scuttler 1', 'creature', 'c1', 2, 10, 10, 0],
      ['Scuttler 2', 'creature', 'c1', 3, 10, 10, 0],
    ]);
  });

  it('F5 a late joiner is placed by the same rule; whoever is acting keeps the turn', () => {
    let f = withHits(fight(), { h1: 3, h2: 2, 'c1-1': 1, 'c1-2': 0 });
    f = nextTurn(nextTurn(f)); // Scuttler 1 acts.
    const joiner = { id: 'c2-1', name: 'Officer', side: 'creature' as const, entry: 'c2', reflex: 3, health: 12, maxHealth: 12, protection: 1, strainCapacity: 0 };
    const g = placeLateJoiner(f, { ...joiner, initiative: { hits: 2 } });
    expect(ids(g)).toEqual(['h1', 'c2-1', 'h2', 'c1-1', 'c1-2']); // Ties Jun on hits; its Reflex 3 beats his 2.
    expect(current(g)!.id).toBe('c1-1');
    expect(g.combatants.at(-1)).toMatchObject({ listed: 4, joined: 1, strain: 0, note: '' });
    const last = placeLateJoiner(f, { ...joiner, initiative: { hits: 0 }, reflex: 1 });
    expect(ids(last).at(-1)).toBe('c2-1');
    expect(current(last)!.id).toBe('c1-1');
    expect(() => placeLateJoiner(g, joiner)).toThrow('Officer is already in the fight.');
  });

  it('F6 next and previous turn walk the order and the rounds (never before round 1); notes count down at each new round', () => {
    let f = setNote(withHits(fight(), { h1: 3, h2: 2, 'c1-1': 1, 'c1-2': 0 }), 'h2', 'Stunned', 2);
    f = setNote(f, 'h1', 'Prone');
    expect(previousTurn(f)).toBe(f);
    for (let i = 0; i < 4; i++) f = nextTurn(f);
    expect(f).toMatchObject({ round: 2, turn: 0 });
    expect(f.combatants.find((c) => c.id === 'h2')).toMatchObject({ note: 'Stunned', countdown: 1 });
    expect(previousTurn(f)).toMatchObject({ round: 1, turn: 3 });
    for (let i = 0; i < 4; i++) f = nextTurn(f);
    const jun = f.combatants.find((c) => c.id === 'h2')!;
    expect([jun.note, 'countdown' in jun]).toEqual(['', false]);
    expect(f.combatants.find((c) => c.id === 'h1')!.note).toBe('Prone');
  });

  it('F7 delaying moves the acting combatant after one who has not acted, for the rest of the fight; the turn passes on', () => {
    const f = withHits(fight(), { h1: 3, h2: 2, 'c1-1': 1, 'c1-2': 0 });
    const d = delayTurn(f, 'c1-1');
    expect(ids(d)).toEqual(['h2', 'c1-1', 'h1', 'c1-2']);
    expect(current(d)!.id).toBe('h2');
    expect(() => delayTurn(nextTurn(f), 'h1')).toThrow('Delay until after someone who has not acted yet this round.');
  });

  it('F8 damage is entered before protection: protection comes off (less what is ignored), Health never below 0; healing never above the maximum', () => {
    const f = fight();
    const hp = (g: Fight, id: string) => g.combatants.find((c) => c.id === id)!.health;
    expect(hp(applyDamage(f, 'c1-1', 5), 'c1-1')).toBe(7); // Protection 2.
    expect(hp(applyDamage(f, 'c1-1', 1), 'c1-1')).toBe(10);
    expect(hp(applyDamage(f, 'c1-1', 5, 1), 'c1-1')).toBe(6);
    expect(hp(applyDamage(f, 'c1-1', 5, 'all'), 'c1-1')).toBe(5);
    const down = applyDamage(f, 'c1-1', 40);
    expect(hp(down, 'c1-1')).toBe(0);
    expect(condition(0, 10)).toBe('down');
    expect(hp(applyHealing(applyDamage(f, 'h1', 5), 'h1', 2), 'h1')).toBe(12);
    expect(hp(applyHealing(applyDamage(f, 'h1', 5), 'h1', 50), 'h1')).toBe(14);
    expect(() => applyDamage(f, 'h1', -3)).toThrow('Type the damage as a whole number, 0 or more.');
    expect(() => applyHealing(f, 'h1', 1.5)).toThrow('Type the healing as a whole number');
    expect(() => applyDamage(f, 'nobody', 1)).toThrow('That combatant is no longer in the fight.');
  });

  it('F9 strain is added and cleared by hand, never below 0; at or past capacity the hero is marked (creatures never)', () => {
    const f = applyStrain(fight(), 'h1', 6);
    const mara = f.combatants.find((c) => c.id === 'h1')!;
    expect([mara.strain, atStrainCapacity(mara)]).toEqual([6, true]);
    expect(atStrainCapacity({ strain: 5, strainCapacity: 6 })).toBe(false);
    expect(applyStrain(f, 'h1', -10).combatants.find((c) => c.id === 'h1')!.strain).toBe(0);
    expect(atStrainCapacity({ strain: 3, strainCapacity: 0 })).toBe(false);
  });

  it('F10 condition: unhurt at full, wounded above half, bloodied at half or less, down at 0', () => {
    expect([10, 9, 6, 5, 1, 0].map((h) => condition(h, 10))).toEqual(['unhurt', 'wounded', 'wounded', 'bloodied', 'bloodied', 'down']);
    expect([11, 6, 5].map((h) => condition(h, 11))).toEqual(['unhurt', 'wounded', 'bloodied']);
  });

  it('F11 every change returns a new fight and leaves the old one as it was (so undo keeps it)', () => {
    const f = withHits(fight(), { h1: 3, h2: 2, 'c1-1': 1, 'c1-2': 0 });
    const before = structuredClone(f);
    applyDamage(f, 'h1', 3);
    applyHealing(f, 'h1', 3);
    applyStrain(f, 'h1', 2);
    setNote(f, 'h1', 'Prone', 1);
    nextTurn(f);
    delayTurn(f, 'c1-2');
    placeLateJoiner(f, { id: 'x', name: 'X', side: 'creature', entry: 'c9', reflex: 1, health: 1, maxHealth: 1, protection: 0, strainCapacity: 0 });
    expect(f).toEqual(before);
  });
});
