/**
 * An encounter opened from a references-only share link (storage/share.ts:
 * too large for a link, so its rows came without attacks and without the
 * running fight) filled in again from what the reader has: the bestiary,
 * and their own creature and character documents (the same player on
 * another device has them). What cannot be found keeps the link's numbers,
 * without attacks, and is named, so the odds never silently miss a row.
 */
import type { BestiaryEntry, Catalogues, Character, Creature } from '../../rules/engine';
import { heroFromCharacter } from './hero';
import { creatureSnapshot, type Encounter } from './rules';

export interface RefillSources {
  bestiary: readonly BestiaryEntry[];
  /** The reader's own creature documents. */
  creatures: readonly Creature[];
  /** The reader's own characters. */
  characters: readonly Character[];
  catalogues: Partial<Catalogues>;
}

export interface Refilled {
  doc: Encounter;
  /** Rows whose source is not here (a bestiary entry gone, another player's document), by name. */
  missing: string[];
  /** Quick entries: their attacks lived only in the encounter, so they come without. */
  quick: string[];
}

export function refillReferences(doc: Encounter, sources: RefillSources): Refilled {
  const missing: string[] = [];
  const quick: string[] = [];
  const properties = { creatureProperties: sources.catalogues.creatureProperties ?? [] };
  const creatures = doc.creatures.map((row) => {
    const found = row.source.kind === 'bestiary' ? sources.bestiary.find((b) => b.id === row.source.id) : sources.creatures.find((c) => c.id === row.source.id);
    if (!found) missing.push(row.snapshot.name);
    return found ? { ...row, snapshot: creatureSnapshot(found, properties) } : row;
  });
  const party = doc.party.map((hero) => {
    if (hero.source.kind === 'quick') {
      quick.push(hero.snapshot.name);
      return hero;
    }
    const id = hero.source.id;
    const found = sources.characters.find((c) => c.id === id);
    if (!found) missing.push(hero.snapshot.name);
    return found ? { ...hero, snapshot: heroFromCharacter(found, sources.catalogues) } : hero;
  });
  const { referencesOnly: _, ...rest } = doc;
  // Still marked while a row lacks its attacks, so a copy saved from it says so too.
  return { doc: { ...rest, creatures, party, ...(missing.length ? { referencesOnly: true } : {}) }, missing, quick };
}

const names = (list: readonly string[]) => (list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : (list[0] ?? ''));

/** What the reader is told: where the rows came from, and which could not be filled in. */
export function refillNotice({ missing, quick }: Pick<Refilled, 'missing' | 'quick'>): string {
  const parts = ['This link carried the encounter by reference only (it was too large for a link): the creatures and heroes were filled in again from the bestiary and your own documents, and the running fight was left out.'];
  if (missing.length) parts.push(`Not found here, so shown without attacks: ${names(missing)}.`);
  if (quick.length) parts.push(`Quick entries come without their attacks: ${names(quick)}.`);
  return parts.join(' ');
}
