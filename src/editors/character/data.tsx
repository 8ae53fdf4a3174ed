/**
 * What the character editor's panels read besides the document: the
 * catalogues (features, standard gear, and those that embedded gear and
 * cores are evaluated against), the player's own blueprints and cores (for
 * the pickers and to notice changed originals), and the rules-page links.
 */
import { createContext, useContext } from 'react';
import type { Blueprint, Catalogues, Core } from '../../rules';
import type { OwnDocument } from './origin';

export interface CharacterData {
  catalogues: Catalogues;
  /** The player's own blueprints and cores on this device (live documents). */
  own: { blueprints: OwnDocument<Blueprint>[]; cores: OwnDocument<Core>[]; loaded: boolean };
  /** Rules-page address of a catalogue entry (`features`, `gear`…), if a page lists it. */
  rulesHref: (catalogue: string, id: string) => string | undefined;
  /** Editor address of one of the player's documents. */
  editorHref: (kind: 'blueprint' | 'core', id: string) => string;
  /** A fresh document id (random, so copies never collide). */
  newId: () => string;
  /** The time as the document stores it (ISO). */
  now: () => string;
}

export const CharacterDataContext = createContext<CharacterData | null>(null);

export function useCharacterData(): CharacterData {
  const ctx = useContext(CharacterDataContext);
  if (!ctx) throw new Error('Character editor: a panel was rendered outside CharacterDataContext.');
  return ctx;
}

export const ATTRIBUTE_LABELS = { frame: 'Frame', reflex: 'Reflex', logic: 'Logic', nerve: 'Nerve', sync: 'Sync' } as const;
export const SKILL_LABELS = {
  athletics: 'Athletics',
  brawl: 'Brawl',
  firearms: 'Firearms',
  piloting: 'Piloting',
  stealth: 'Stealth',
  engineering: 'Engineering',
  medicine: 'Medicine',
  investigation: 'Investigation',
  persuasion: 'Persuasion',
  intimidation: 'Intimidation',
  hacking: 'Hacking',
  interface: 'Interface',
} as const;
export const TYPE_LABELS = { weapon: 'Weapon', armour: 'Armour', equipment: 'Equipment', cyberware: 'Cyberware', drone: 'Drone' } as const;
