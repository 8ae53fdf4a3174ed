import { describe, expect, it } from 'vitest';
import { addCreature, countProblem, damage, delay, goNext, goPrevious, recordInitiative, reinforce, removeCreature, rollEveryone, setCount, startFight } from './model';
import type { CreatureSnapshot, Encounter, HeroSnapshot } from './rules';

/** The editor's document changes over src/rules/fight.ts (whose rules are tested there, SPEC F1–F11). */
const NOW = '2026-11-27T19:00:00.000Z';
const creature = (name: string, over: Partial<CreatureSnapshot> = {}): CreatureSnapshot => ({ name, creatureKind: 'humanoid', threatRank: 2, health: 12, guard: 2, protection: 1, reflex: 3, logic: 2, initiative: 5, attacks: [], tags: [], ...over });
const hero = (name: string, over: Partial<HeroSnapshot> = {}): HeroSnapshot => ({ name, rank: 2, reflex: 3, logic: 2, guard: 3, health: 14, protection: 2, strainCapacity: 4, initiative: 5, attacks: [], ...over });
const empty = (): Encounter => ({ kind: 'encounter', id: 'e', schemaVersion: 1, name: 'E', createdAt: NOW, updatedAt: NOW, creatures: [], party: [] });
const withParty = (d: Encounter): Encounter => ({ ...d, party: [{ id: 'h1', source: { kind: 'quick' }, snapshot: hero('Vex') }] });
/** A random source that shows these faces in turn, then 1s. */
const faces = (...f: number[]) => {
  let i = 0;
  return () => ((f[i++] ?? 1) - 1) / 6 + 0.01;
};

describe('building the roster', () => {
  it('adds copies of the same creature to its row; only Remove takes the row out, never a count', () => {
    let d = addCreature(empty(), { kind: 'bestiary', id: 'ganger' }, creature('Ganger'), 2);
    d = addCreature(d, { kind: 'bestiary', id: 'ganger' }, creature('Ganger'), 3);
    expect(d.creatures).toHaveLength(1);
    expect(d.creatures[0]!.count).toBe(5);
    expect(setCount(d, d.creatures[0]!.id, 0).creatures[0]!.count).toBe(1);
    expect(removeCreature(d, d.creatures[0]!.id).creatures).toEqual([]);
  });

  it('refuses a count of 0, a negative one or one past 99 with a sentence that names the limit', () => {
    expect(countProblem('Scuttler', 0)).toBe('Copies of Scuttler must be at least 1 (it is 0): to take Scuttler out of the encounter, use its Remove button.');
    expect(countProblem('Scuttler', -5)).toContain('must be at least 1 (it is -5)');
    expect(countProblem('Scuttler', 100)).toBe('Copies of Scuttler must be at most 99 (it is 100).');
    expect(countProblem('Scuttler', 99)).toBeUndefined();
  });
});

describe('running the fight as document changes', () => {
  const fight = () => startFight(withParty(addCreature(empty(), { kind: 'bestiary', id: 'g' }, creature('Ganger'), 2)));

  it('starts with everyone at full Health and orders the fight once everyone has rolled', () => {
    const d = rollEveryone(fight(), false, faces(5, 1, 1, 1, 1, /* c1-1 */ 1, 1, 1, 1, 1, /* c1-2 */ 6, 5, 1, 1, 1, 1));
    expect(d.fight!.combatants.map((c) => [c.id, c.health])).toEqual([['h1', 14], ['c1-1', 12], ['c1-2', 12]]);
    expect(d.fight!.order).toEqual(['c1-2', 'h1', 'c1-1']);
  });

  it('a typed hit count before the first turn reorders like a roll', () => {
    let d = recordInitiative(fight(), 'c1-2', { hits: 3 });
    d = recordInitiative(d, 'h1', { hits: 1 });
    expect(d.fight!.order[0]).toBe('c1-2');
  });

  it('turns cross rounds both ways; a delay lets the next one act first', () => {
    let d = fight();
    for (let i = 0; i < 3; i++) d = goNext(d);
    expect([d.fight!.round, d.fight!.turn]).toEqual([2, 0]);
    d = goPrevious(d);
    expect([d.fight!.round, d.fight!.turn]).toEqual([1, 2]);
    expect(delay(fight()).fight!.order).toEqual(['c1-1', 'h1', 'c1-2']);
  });

  it('damage comes off after Protection (unless ignored) and never below 0', () => {
    const h = (d: Encounter) => d.fight!.combatants[0]!.health;
    expect(h(damage(fight(), 'h1', 5, false))).toBe(11);
    expect(h(damage(fight(), 'h1', 5, true))).toBe(9);
    expect(h(damage(fight(), 'h1', 99, false))).toBe(0);
  });

  it('reinforcements join with a roll of their own, and the turn stays with whoever has it', () => {
    let d = goNext(fight());
    const acting = d.fight!.order[d.fight!.turn];
    d = reinforce(d, 'c1', 2, faces(6, 6, 5, 1, 1, 1, 1));
    expect(d.fight!.combatants).toHaveLength(5);
    expect(d.fight!.combatants.slice(3).every((c) => c.initiative && c.joined === 1)).toBe(true);
    const order = d.fight!.order;
    expect(order[d.fight!.turn]).toBe(acting);
  });

  it('changes nothing before the fight has started', () => {
    const d = withParty(empty());
    expect(goNext(d)).toBe(d);
  });
});
