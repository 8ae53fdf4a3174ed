/**
 * Running an encounter in a campaign, below the browser: what members see
 * of the tracker's state, what a change publishes, and how a player's entry
 * comes back (the Firestore side: components/campaign/liveState.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { LiveHero } from '../../storage/campaigns';
import { damage, goNext, recordInitiative } from './model';
import { creatureNumbers, heroOwners, incomingEntries, liveFight, planPublication, setHeroValue, type LiveBase } from './liveRun';
import { lobbyFight } from './testing';

const owners = { h1: 'ana', h2: 'gm' };
const remoteOf = (base: LiveBase, over: Record<string, Partial<LiveHero>> = {}): LiveHero[] =>
  Object.entries(base.heroes).map(([id, v]) => ({ id, owner: owners[id as 'h1'], name: id, maxHealth: 14, strainCapacity: 4, protection: 2, ...v, at: {} as LiveHero['at'], ...over[id] }));

describe('what members see of the tracker', () => {
  it('creatures by condition only, unless the numbers are revealed; the order, round and turn as the tracker has them', () => {
    let d = damage(lobbyFight(), 'c1-1', 7, false); // 12 − (7 − 1) = 6: half, so bloodied
    d = damage(d, 'c1-2', 2, false); // 11: wounded
    d = goNext(d);
    const hidden = liveFight(d, false);
    expect(hidden).toMatchObject({ title: 'Lobby ambush', round: 1, turn: 1, order: ['h1', 'h2', 'c1-1', 'c1-2'], reveal: false });
    expect(hidden.creatures).toEqual({ 'c1-1': { name: 'Ganger 1', condition: 'bloodied' }, 'c1-2': { name: 'Ganger 2', condition: 'wounded' } });
    expect(liveFight(d, true).creatures['c1-1']).toEqual({ name: 'Ganger 1', condition: 'bloodied', health: 6, maxHealth: 12 });
    expect(creatureNumbers(d)).toEqual({ 'c1-1': { health: 6, maxHealth: 12 }, 'c1-2': { health: 11, maxHealth: 12 } });
  });

  it('no fight yet is round 0 with nobody in the order', () => {
    const { fight: _, ...d } = lobbyFight();
    expect(liveFight(d, false)).toEqual({ title: 'Lobby ambush', round: 0, turn: 0, order: [], creatures: {}, reveal: false });
  });

  it('a hero is played by the member sharing that character, by id; anything else is the game master’s', () => {
    const shared = [{ id: 'vex', owner: 'ana', name: 'Someone else', document: null }, { id: 'k', owner: 'bo', name: ' kit ', document: null }];
    expect(heroOwners(lobbyFight(), shared, 'gm')).toEqual({ h1: 'ana', h2: 'gm' });
    expect(heroOwners(lobbyFight(), [], 'gm')).toEqual({ h1: 'gm', h2: 'gm' });
  });

  it('never by name: a quick entry named like a player’s character stays the game master’s', () => {
    const shared = [{ id: 'kit-sheet', owner: 'bo', name: 'Kit', document: null }];
    expect(heroOwners(lobbyFight(), shared, 'gm').h2).toBe('gm');
  });
});

describe('publishing a change', () => {
  it('the first publication writes everything; after it, only what changed; no change writes nothing', () => {
    const d = lobbyFight();
    const first = planPublication(d, false, owners, null)!;
    expect(first.publication.heroes.map((h) => ('hero' in h ? [h.id, h.hero.owner, h.hero.health, h.hero.protection] : h))).toEqual([['h1', 'ana', 14, 2], ['h2', 'gm', 10, 0]]);
    expect(first.publication.fight).toBeDefined();
    expect(first.publication.numbers).toBeDefined();
    expect(planPublication(d, false, owners, first.base)).toBeNull();

    const turned = planPublication(goNext(d), false, owners, first.base)!;
    expect(turned.publication).toEqual({ heroes: [], removed: [], fight: expect.objectContaining({ turn: 1 }) });

    const hurt = planPublication(damage(d, 'h1', 5, false), false, owners, first.base)!;
    expect(hurt.publication).toEqual({ heroes: [{ id: 'h1', changed: { health: 11 } }], removed: [] });

    const revealed = planPublication(d, true, owners, first.base)!;
    expect(revealed.publication.fight?.creatures['c1-1']).toMatchObject({ health: 12 });
    expect(revealed.publication.heroes).toEqual([]);
  });

  it('ending the fight takes the heroes off the live document', () => {
    const first = planPublication(lobbyFight(), false, owners, null)!;
    const { fight: _, ...ended } = lobbyFight();
    expect(planPublication(ended, false, owners, first.base)!.publication).toMatchObject({ heroes: [], removed: ['h1', 'h2'], fight: { round: 0 } });
  });
});

describe('a player’s entry', () => {
  it('a value the cloud changed and the tracker did not is applied, with what Undo puts back', () => {
    const d = lobbyFight();
    const { base } = planPublication(d, false, owners, null)!;
    const remote = remoteOf(base, { h1: { health: 11, lastEntry: { what: 'damage', amount: 5, by: 'ana' } } });
    const [entry, ...more] = incomingEntries(d, base, remote);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ heroId: 'h1', field: 'health', from: 14, to: 11, what: '5 damage', applied: true });
    const applied = setHeroValue(d, 'h1', 'health', 11);
    expect(applied.fight!.combatants.find((c) => c.id === 'h1')!.health).toBe(11);
    expect(setHeroValue(applied, 'h1', 'health', entry!.from).fight!.combatants.find((c) => c.id === 'h1')!.health).toBe(14);
  });

  it('a value the game master changed meanwhile is not applied: the game master’s stands', () => {
    const d = lobbyFight();
    const { base } = planPublication(d, false, owners, null)!;
    const local = damage(d, 'h1', 4, false); // the game master's own change, not yet published
    const [entry] = incomingEntries(local, base, remoteOf(base, { h1: { health: 11 } }));
    expect(entry).toMatchObject({ applied: false, to: 11 });
  });

  it('an initiative entry places the hero by the rule, like a typed roll', () => {
    const d = recordInitiative(lobbyFight(), 'c1-1', { hits: 2 });
    const placed = setHeroValue(d, 'h1', 'initiative', 3);
    expect(placed.fight!.order[0]).toBe('h1');
    expect(placed.fight!.combatants.find((c) => c.id === 'h1')!.initiative).toEqual({ hits: 3 });
  });
});
