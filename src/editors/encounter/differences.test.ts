import { describe, expect, it } from 'vitest';
import { encounterDifferences } from './differences';
import { damage, goNext, note, recordInitiative, reinforce, setCount, strain } from './model';
import { lobbyFight } from './testing';
import { typedInitiative } from '../../rules/engine';
import type { Encounter } from './rules';

/** The lobby fight with everyone's initiative typed in and ordered (Vex first, then Kit, then the Gangers). */
function rolled(): Encounter {
  const hits: Record<string, number> = { h1: 4, h2: 3, 'c1-1': 2, 'c1-2': 1 };
  return Object.entries(hits).reduce((d, [id, n]) => recordInitiative(d, id, typedInitiative(n)), lobbyFight());
}
const times = (n: number, f: (d: Encounter) => Encounter) => (d: Encounter) => Array.from({ length: n }).reduce<Encounter>((x) => f(x), d);

describe('what differs between two versions of a fight, in the game’s words', () => {
  it('says Health, round and whose turn it is as sentences, never JSON', () => {
    const start = rolled();
    // Here: 4 damage to Vex (Protection 2 takes 2), five rounds on. The other: 7 damage, four rounds on.
    const here = times(20, goNext)(damage(start, 'h1', 4, false));
    const there = goNext(times(16, goNext)(damage(start, 'h1', 7, false)));
    const said = encounterDifferences(here, there);
    expect(said).toEqual(['Round: 6 here, 5 in the other', 'Whose turn: Vex here, Kit in the other', "Vex's Health: 12 here, 9 in the other"]);
    expect(said.join(' ')).not.toMatch(/[{}[\]"]/);
  });

  it('says strain, initiative, notes, copies and who is in the fight', () => {
    const start = rolled();
    const here = note(strain(start, 'h2', 2), 'c1-1', 'Pinned', 2);
    const there = reinforce(setCount(recordInitiative(start, 'h2', typedInitiative(1)), 'c1', 3), 'c1', 1, () => 0.5);
    expect(encounterDifferences(here, there)).toEqual([
      'Copies of Ganger: 2 here, 3 in the other',
      "Kit's strain: 2 here, 0 in the other",
      "Kit's initiative: 3 hits here, 1 hit in the other",
      "Ganger 1's note: “Pinned” (2 rounds left) here, none in the other",
      'Ganger (reinforcement 1): not here, in the fight in the other',
    ]);
  });

  it('says the initiative order when the same combatants stand in another order', () => {
    const start = rolled();
    const there = recordInitiative(start, 'c1-2', typedInitiative(5));
    expect(encounterDifferences(start, there)).toEqual([
      'Whose turn: Vex here, Ganger 2 in the other',
      'Initiative order: Vex, Kit, Ganger 1, Ganger 2 here, Ganger 2, Vex, Kit, Ganger 1 in the other',
      "Ganger 2's initiative: 1 hit here, 5 hits in the other",
    ]);
  });

  it('says a fight running on one side only, and nothing when the two agree', () => {
    const { fight: _, ...built } = rolled();
    expect(encounterDifferences(rolled(), built as Encounter)).toEqual(['The fight: running (round 1) here, not started in the other']);
    expect(encounterDifferences(rolled(), rolled())).toEqual([]);
  });
});
