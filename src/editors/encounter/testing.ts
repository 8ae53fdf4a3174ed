/** Encounters for tests of the tracker and of running it live (tests only). */
import { addCreature, startFight } from './model';
import type { CreatureSnapshot, Encounter, HeroSnapshot } from './rules';

const NOW = '2026-11-27T19:00:00.000Z';
export const creatureSnap = (name: string, over: Partial<CreatureSnapshot> = {}): CreatureSnapshot => ({ name, creatureKind: 'humanoid', threatRank: 2, health: 12, guard: 2, protection: 1, reflex: 3, logic: 2, initiative: 5, attacks: [], tags: [], ...over });
export const heroSnap = (name: string, over: Partial<HeroSnapshot> = {}): HeroSnapshot => ({ name, rank: 2, reflex: 3, logic: 2, guard: 3, health: 14, protection: 2, strainCapacity: 4, initiative: 5, attacks: [], ...over });

/** "Lobby ambush": Vex (a shared character, id `vex`) and Kit (a quick entry) against two Gangers, fight started. */
export function lobbyFight(id = 'enc-1'): Encounter {
  const empty: Encounter = { kind: 'encounter', id, schemaVersion: 1, name: 'Lobby ambush', createdAt: NOW, updatedAt: NOW, creatures: [], party: [] };
  const party: Encounter = {
    ...empty,
    party: [
      { id: 'h1', source: { kind: 'character', id: 'vex' }, snapshot: heroSnap('Vex') },
      { id: 'h2', source: { kind: 'quick' }, snapshot: heroSnap('Kit', { health: 10, protection: 0 }) },
    ],
  };
  return startFight(addCreature(party, { kind: 'bestiary', id: 'ganger' }, creatureSnap('Ganger'), 2));
}
