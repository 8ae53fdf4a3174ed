import { describe, expect, it } from 'vitest';
import { catalogues, character, creature, weapon } from '../../rules/testing';
import type { BestiaryEntry } from '../../rules/engine';
import { encounterReferences } from '../../storage/share';
import { heroFromCharacter } from './hero';
import { refillNotice, refillReferences } from './refill';
import { creatureSnapshot, type Encounter } from './rules';

const boar: BestiaryEntry = {
  ...creature({ id: 'boar', name: 'Boar', threatRank: 2, attributes: { frame: 4, reflex: 3, logic: 1, nerve: 2, sync: 1 }, skills: { brawl: 2 }, attacks: [{ name: 'Gore', damage: 4, range: 'melee' }] }),
  description: 'A boar.',
};
const mineCreature = creature({ id: 'my-drone', name: 'My drone', attacks: [{ name: 'Zap', damage: 2, range: 'close' }] });
const mara = character({ id: 'mara', name: 'Mara', attributes: { frame: 2, reflex: 3, logic: 2, nerve: 1, sync: 1 }, skills: { ...character().skills, firearms: 2 }, gear: [weapon({ id: 'w1', name: 'Pistol' })] });

/** An encounter as its sharer had it: every row's snapshot whole, a running fight. */
function shared(): Encounter {
  const props = { creatureProperties: catalogues.creatureProperties };
  return {
    kind: 'encounter', id: 'e1', schemaVersion: 1, name: 'Lobby', createdAt: 'x', updatedAt: 'x',
    creatures: [
      { id: 'c1', source: { kind: 'bestiary', id: 'boar' }, count: 2, snapshot: creatureSnapshot(boar, props) },
      { id: 'c2', source: { kind: 'creature', id: 'my-drone' }, count: 1, snapshot: creatureSnapshot(mineCreature, props) },
      { id: 'c3', source: { kind: 'bestiary', id: 'retired-beast' }, count: 1, snapshot: { ...creatureSnapshot(boar, props), name: 'Retired beast' } },
    ],
    party: [
      { id: 'h1', source: { kind: 'character', id: 'mara' }, snapshot: heroFromCharacter(mara, catalogues) },
      { id: 'h2', source: { kind: 'character', id: 'someone-elses' }, snapshot: { ...heroFromCharacter(mara, catalogues), name: 'Rook' } },
      { id: 'h3', source: { kind: 'quick' }, snapshot: { ...heroFromCharacter(mara, catalogues), name: 'Quick Kit' } },
    ],
  } as Encounter;
}

describe('an encounter from a references-only share link', () => {
  it('gets its attacks back from the bestiary and the reader’s own creatures and characters', () => {
    const link = encounterReferences(shared());
    expect(link.creatures.every((c) => c.snapshot.attacks.length === 0)).toBe(true);
    const { doc } = refillReferences(link, { bestiary: [boar], creatures: [mineCreature], characters: [mara], catalogues });
    const whole = shared();
    expect(doc.creatures[0]!.snapshot).toEqual(whole.creatures[0]!.snapshot);
    expect(doc.creatures[1]!.snapshot).toEqual(whole.creatures[1]!.snapshot);
    expect(doc.party[0]!.snapshot).toEqual(whole.party[0]!.snapshot);
    expect(doc.party[0]!.snapshot.attacks.map((a) => a.name)).toEqual(['Pistol']);
    // Counts and row ids are the link's; the running fight stays out.
    expect(doc.creatures.map((c) => [c.id, c.count])).toEqual([['c1', 2], ['c2', 1], ['c3', 1]]);
    expect(doc.fight).toBeUndefined();
  });

  it('names what it could not find, keeps the link’s numbers for it and stays marked references-only', () => {
    const link = encounterReferences(shared());
    const r = refillReferences(link, { bestiary: [boar], creatures: [], characters: [mara], catalogues });
    expect(r.missing).toEqual(['My drone', 'Retired beast', 'Rook']);
    expect(r.quick).toEqual(['Quick Kit']);
    expect(r.doc.creatures[2]!.snapshot).toEqual(link.creatures[2]!.snapshot);
    expect(r.doc.referencesOnly).toBe(true);
    expect(refillNotice(r)).toBe(
      'This link carried the encounter by reference only (it was too large for a link): the creatures and heroes were filled in again from the bestiary and your own documents, and the running fight was left out. ' +
        'Not found here, so shown without attacks: My drone, Retired beast and Rook. Quick entries come without their attacks: Quick Kit.',
    );
  });

  it('is no longer marked references-only once every row is found', () => {
    const link = encounterReferences({ ...shared(), creatures: shared().creatures.slice(0, 2), party: shared().party.slice(0, 1) });
    const r = refillReferences(link, { bestiary: [boar], creatures: [mineCreature], characters: [mara], catalogues });
    expect(r.missing).toEqual([]);
    expect('referencesOnly' in r.doc).toBe(false);
    expect(refillNotice(r)).not.toMatch(/Not found|Quick entries/);
  });
});
