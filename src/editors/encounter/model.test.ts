import { describe, expect, it } from 'vitest';
import { addCreature, addReinforcements, applyDamage, applyHealing, delayTurn, initiativeOrder, nextTurn, previousTurn, pulseRoll, rosterCombatants, setCount, setInitiative, setNote, startFight } from './model';
import type { Combatant, CreatureSnapshot, Encounter, HeroSnapshot } from './rules';

const NOW = '2026-11-27T19:00:00.000Z';
const creature = (name: string, over: Partial<CreatureSnapshot> = {}): CreatureSnapshot => ({ name, creatureKind: 'humanoid', threatRank: 2, health: 12, guard: 2, protection: 1, reflex: 3, logic: 2, initiative: 5, attacks: [], tags: [], ...over });
const hero = (name: string, over: Partial<HeroSnapshot> = {}): HeroSnapshot => ({ name, rank: 2, reflex: 3, logic: 2, guard: 3, health: 14, protection: 2, strainCapacity: 4, initiative: 5, attacks: [], ...over });
const empty = (): Encounter => ({ kind: 'encounter', id: 'e', schemaVersion: 1, name: 'E', createdAt: NOW, updatedAt: NOW, creatures: [], party: [] });
function fightOf(doc: Encounter) {
  return startFight(doc).fight!;
}
const c = (id: string, side: Combatant['side'], hits: number | undefined, reflex: number, listed: number): Combatant => ({
  id, name: id, side, entry: id, listed, reflex, initiative: hits === undefined ? undefined : { hits }, health: 10, maxHealth: 10, protection: 1, strain: 0, strainCapacity: 0, note: '', joined: 1,
});

describe('building the roster', () => {
  it('adds copies of the same creature to its row, and a count of 0 removes the row', () => {
    let d = addCreature(empty(), { kind: 'bestiary', id: 'ganger' }, creature('Ganger'), 2);
    d = addCreature(d, { kind: 'bestiary', id: 'ganger' }, creature('Ganger'), 3);
    expect(d.creatures).toHaveLength(1);
    expect(d.creatures[0]!.count).toBe(5);
    expect(setCount(d, d.creatures[0]!.id, 0).creatures).toEqual([]);
  });

  it('puts every hero and every creature copy in the fight at full Health, listed heroes first', () => {
    let d = addCreature(empty(), { kind: 'bestiary', id: 'g' }, creature('Ganger'), 2);
    d = { ...d, party: [{ id: 'h1', source: { kind: 'quick' }, snapshot: hero('Vex') }] };
    const all = rosterCombatants(d);
    expect(all.map((x) => [x.name, x.health, x.listed])).toEqual([['Vex', 14, 0], ['Ganger 1', 12, 1], ['Ganger 2', 12, 2]]);
  });
});

describe('initiative order (GAME.md §7)', () => {
  it('most hits first', () => expect(initiativeOrder([c('a', 'hero', 1, 3, 0), c('b', 'creature', 3, 1, 1)])).toEqual(['b', 'a']));
  it('ties go to the higher Reflex', () => expect(initiativeOrder([c('a', 'hero', 2, 2, 0), c('b', 'creature', 2, 4, 1)])).toEqual(['b', 'a']));
  it('then heroes before creatures', () => expect(initiativeOrder([c('b', 'creature', 2, 3, 0), c('a', 'hero', 2, 3, 1)])).toEqual(['a', 'b']));
  it('then the order the game master listed them', () => expect(initiativeOrder([c('b', 'hero', 2, 3, 1), c('a', 'hero', 2, 3, 0)])).toEqual(['a', 'b']));
  it('a typed hit count orders exactly like a rolled one', () => {
    const d = addCreature({ ...empty(), party: [{ id: 'h1', source: { kind: 'quick' }, snapshot: hero('Vex') }] }, { kind: 'bestiary', id: 'g' }, creature('Ganger'));
    let f = startFight(d);
    f = setInitiative(f, 'h1', { hits: 1 });
    f = setInitiative(f, 'c1-1', { hits: 2, dice: [{ face: 5, from: 'pool' }, { face: 6, from: 'pool' }, { face: 2, from: 'overcharge' }] });
    expect(f.fight!.order).toEqual(['c1-1', 'h1']);
  });
});

describe('turns and rounds', () => {
  const d = () => startFight(addCreature({ ...empty(), party: [{ id: 'h1', source: { kind: 'quick' }, snapshot: hero('Vex') }] }, { kind: 'bestiary', id: 'g' }, creature('Ganger'), 2));

  it('next past the last combatant starts the next round; previous goes back across it', () => {
    let f = d();
    for (let i = 0; i < 3; i++) f = nextTurn(f);
    expect([f.fight!.round, f.fight!.turn]).toEqual([2, 0]);
    f = previousTurn(f);
    expect([f.fight!.round, f.fight!.turn]).toEqual([1, 2]);
    expect(previousTurn(d()).fight).toEqual(d().fight);
  });

  it('a delayed turn passes to the next combatant, who acts first', () => {
    const f = delayTurn(d());
    expect(f.fight!.order).toEqual(['c1-1', 'h1', 'c1-2']);
    expect(f.fight!.turn).toBe(0);
  });

  it('a note with a countdown ticks down at each new round and goes at 0', () => {
    let f = setNote(d(), 'h1', 'Stunned', 1);
    expect(f.fight!.combatants[0]!.countdown).toBe(1);
    for (let i = 0; i < 3; i++) f = nextTurn(f);
    expect(f.fight!.combatants[0]!.note).toBe('');
  });

  it('reinforcements are placed by their roll; the turn stays with whoever has it', () => {
    let f = setInitiative(d(), 'h1', { hits: 3 });
    f = setInitiative(f, 'c1-1', { hits: 1 });
    f = setInitiative(f, 'c1-2', { hits: 0 });
    f = nextTurn(f); // c1-1's turn
    f = addReinforcements(f, [{ ...c('c1-r1', 'creature', 2, 3, 3), entry: 'c1' }]);
    expect(f.fight!.order).toEqual(['h1', 'c1-r1', 'c1-1', 'c1-2']);
    expect(f.fight!.order[f.fight!.turn]).toBe('c1-1');
  });
});

describe('damage and healing at the table', () => {
  const d = () => startFight({ ...empty(), party: [{ id: 'h1', source: { kind: 'quick' }, snapshot: hero('Vex', { health: 10, protection: 2 }) }] });
  const health = (e: Encounter) => e.fight!.combatants[0]!.health;

  it('takes the damage before protection, less Protection, and never below 0', () => {
    expect(health(applyDamage(d(), 'h1', 5))).toBe(7);
    expect(health(applyDamage(d(), 'h1', 1))).toBe(10);
    expect(health(applyDamage(d(), 'h1', 5, true))).toBe(5);
    expect(health(applyDamage(d(), 'h1', 50))).toBe(0);
  });

  it('healing never raises Health above its maximum', () => {
    expect(health(applyHealing(applyDamage(d(), 'h1', 6), 'h1', 2))).toBe(8);
    expect(health(applyHealing(applyDamage(d(), 'h1', 6), 'h1', 20))).toBe(10);
  });
});

describe('pulseRoll', () => {
  /** A random source that shows these faces in turn. */
  const faces = (...f: number[]) => {
    let i = 0;
    return () => (f[i++]! - 1) / 6 + 0.01;
  };

  it('rolls die by die: a 6 overcharges with one more die, which can overcharge again', () => {
    const r = pulseRoll(2, false, faces(6, 6, 2, 5));
    expect(r.dice).toEqual([{ face: 6, from: 'pool' }, { face: 6, from: 'overcharge' }, { face: 2, from: 'overcharge' }, { face: 5, from: 'pool' }]);
    expect(r.hits).toBe(3);
  });

  it('with edge, an original die showing 1–4 is rerolled once as a fresh die', () => {
    const r = pulseRoll(2, true, faces(3, 6, 1, 5));
    expect(r.dice.map((d) => `${d.face}${d.from[0]}`)).toEqual(['3p', '6e', '1o', '5p']);
    expect(r.hits).toBe(2);
  });
});
