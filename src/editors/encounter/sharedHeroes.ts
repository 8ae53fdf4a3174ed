/**
 * Heroes that are characters shared in a campaign (GAME.md §7: a hero is a
 * character document): the game master picks one of the campaign's shared
 * characters, the hero refers to it by campaign and id (never by name), and
 * its snapshot follows the shared copy, which follows its owner's sheet
 * (src/editors/character/sharedCopies.ts). A character no longer shared
 * keeps the numbers it last had, and its row says why in a sentence.
 */
import type { Catalogues, Character } from '../../rules/engine';
import type { SharedCharacter } from '../../storage/campaigns';
import { heroFromCharacter } from './hero';
import type { Encounter, EncounterHero } from './rules';

/** What the tool knows of one campaign's shared characters: still loading, the list, or why it is out of reach. */
export type CampaignCharacters = { name: string; characters: SharedCharacter[] | null; gone: string | null };

/** The campaign a hero is shared from, or null (a character from this device's library, a quick entry). */
export function sharedFrom(hero: EncounterHero): { campaign: string; id: string } | null {
  const s = hero.source;
  return s.kind === 'character' && typeof s.campaign === 'string' ? { campaign: s.campaign, id: s.id } : null;
}

/** The campaigns the party's heroes are shared from. */
export function campaignsOfParty(party: readonly EncounterHero[]): string[] {
  return [...new Set(party.flatMap((h) => sharedFrom(h)?.campaign ?? []))];
}

/**
 * The party with each shared hero's snapshot as its shared copy gives it
 * now; the same party (same object) when nothing changed, so no change is
 * recorded. A copy a newer Nucleus saved (unreadable here) or a hero no
 * longer shared keeps its snapshot.
 */
export function partyInStep(doc: Encounter, campaigns: Readonly<Record<string, CampaignCharacters>>, catalogues: Partial<Catalogues>): Encounter['party'] {
  let changed = false;
  const party = doc.party.map((hero) => {
    const from = sharedFrom(hero);
    const copy = from ? campaigns[from.campaign]?.characters?.find((c) => c.id === from.id) : undefined;
    if (!copy || copy.document?.kind !== 'character') return hero;
    const snapshot = heroFromCharacter(copy.document as Character, catalogues);
    if (JSON.stringify(snapshot) === JSON.stringify(hero.snapshot)) return hero;
    changed = true;
    return { ...hero, snapshot };
  });
  return changed ? party : doc.party;
}

/**
 * Why a shared hero no longer follows its character, in a sentence; null
 * while it does (or while the campaign is still being read).
 */
export function unsharedSentence(hero: EncounterHero, campaigns: Readonly<Record<string, CampaignCharacters>>): string | null {
  const from = sharedFrom(hero);
  if (!from) return null;
  const known = campaigns[from.campaign];
  const kept = `${hero.snapshot.name} keeps the numbers it last had here.`;
  if (known?.gone) return `${known.gone} ${kept}`;
  if (!known?.characters) return null;
  const copy = known.characters.find((c) => c.id === from.id);
  if (!copy) return `${hero.snapshot.name} is no longer shared in “${known.name}” (its player took it off, left, or was removed): it keeps the numbers it last had here.`;
  if (copy.document?.kind !== 'character') return `${hero.snapshot.name}’s shared sheet was saved by a newer Nucleus and cannot be read here: reload to get the newer version. ${kept}`;
  return null;
}

/** A shared character as the game master's list of heroes names it. */
export function sharedLabel(c: SharedCharacter, campaign: string): string {
  return `${c.name} (in “${campaign}”)`;
}
