import { describe, expect, it } from 'vitest';
import { catalogues, character } from '../../rules/testing';
import type { SharedCharacter } from '../../storage/campaigns';
import { heroFromCharacter } from './hero';
import { campaignsOfParty, partyInStep, sharedFrom, sharedLabel, unsharedSentence, type CampaignCharacters } from './sharedHeroes';
import type { Encounter } from './rules';

const vex = character({ id: 'vex', name: 'Vex', attributes: { frame: 2, reflex: 3, logic: 2, nerve: 1, sync: 1 } });
const copy = (document = vex, over: Partial<SharedCharacter> = {}): SharedCharacter => ({ id: document.id, owner: 'ana', name: document.name, document, ...over });

function encounter(): Encounter {
  return {
    kind: 'encounter', id: 'e1', schemaVersion: 1, name: 'Lobby', createdAt: 'x', updatedAt: 'x', creatures: [],
    party: [
      { id: 'h1', source: { kind: 'character', id: 'vex', campaign: 'neon' }, snapshot: heroFromCharacter(vex, catalogues) },
      { id: 'h2', source: { kind: 'character', id: 'vex' }, snapshot: heroFromCharacter(vex, catalogues) },
      { id: 'h3', source: { kind: 'quick' }, snapshot: { ...heroFromCharacter(vex, catalogues), name: 'Vex' } },
    ],
  } as Encounter;
}
const neon = (characters: SharedCharacter[] | null, gone: string | null = null): Record<string, CampaignCharacters> => ({ neon: { name: 'Neon Nights', characters, gone } });

describe('a hero shared from a campaign', () => {
  it('refers to its character by campaign and id; library characters and quick entries are not shared heroes', () => {
    const [h1, h2, h3] = encounter().party;
    expect(sharedFrom(h1!)).toEqual({ campaign: 'neon', id: 'vex' });
    expect(sharedFrom(h2!)).toBeNull();
    expect(sharedFrom(h3!)).toBeNull();
    expect(campaignsOfParty(encounter().party)).toEqual(['neon']);
  });

  it('follows its owner’s sheet: a changed shared copy gives the hero its new numbers, and only that hero', () => {
    const doc = encounter();
    const tougher = { ...vex, attributes: { ...vex.attributes, frame: 4 } };
    const party = partyInStep(doc, neon([copy(tougher)]), catalogues);
    expect(party[0]!.snapshot).toEqual(heroFromCharacter(tougher, catalogues));
    expect(party[0]!.snapshot.health).toBeGreaterThan(doc.party[0]!.snapshot.health);
    // The library's Vex and the quick entry named Vex keep their numbers.
    expect(party[1]).toBe(doc.party[1]);
    expect(party[2]).toBe(doc.party[2]);
  });

  it('changes nothing (the same party) when the copy gives the same numbers, is still loading, or is gone', () => {
    const doc = encounter();
    expect(partyInStep(doc, neon([copy()]), catalogues)).toBe(doc.party);
    expect(partyInStep(doc, neon(null), catalogues)).toBe(doc.party);
    expect(partyInStep(doc, neon([]), catalogues)).toBe(doc.party);
    expect(partyInStep(doc, {}, catalogues)).toBe(doc.party);
    expect(partyInStep(doc, neon([copy(vex, { document: null })]), catalogues)).toBe(doc.party);
  });

  it('says in a sentence when its character is no longer shared, and that it keeps its last numbers', () => {
    const h1 = encounter().party[0]!;
    expect(unsharedSentence(h1, neon([copy()]))).toBeNull();
    expect(unsharedSentence(h1, neon(null))).toBeNull(); // still reading
    expect(unsharedSentence(h1, neon([]))).toBe('Vex is no longer shared in “Neon Nights” (its player took it off, left, or was removed): it keeps the numbers it last had here.');
    expect(unsharedSentence(h1, neon(null, 'The campaign “Neon Nights” is deleted.'))).toBe('The campaign “Neon Nights” is deleted. Vex keeps the numbers it last had here.');
    expect(unsharedSentence(h1, neon([copy(vex, { document: null })]))).toContain('saved by a newer Nucleus');
    expect(unsharedSentence(encounter().party[2]!, neon([]))).toBeNull();
  });

  it('is listed by name and campaign', () => {
    expect(sharedLabel(copy(), 'Neon Nights')).toBe('Vex (in “Neon Nights”)');
  });
});
