/**
 * The creature list panel's data (GAME.md §5): the game master's own
 * creatures and the published bestiary in one list, searchable by name and
 * filterable by kind and threat rank; and the two ways a creature starts from
 * another one: a duplicate of one's own, a copy from the bestiary. Both copies
 * are new documents with a new id, owned by the game master.
 */
import { CREATURE_KINDS, newDocumentFields, type BestiaryEntry, type Creature } from '../../rules';
import { fold } from './propertyBrowser';

export type CreatureKind = (typeof CREATURE_KINDS)[number];

/** What the list needs of a stored document (a subset of storage's `StoredDocument`). */
export interface OwnCreature {
  id: string;
  name: string;
  updatedAt: string;
  valid: boolean;
  document: Creature;
}

export interface CreatureRow {
  source: 'mine' | 'bestiary';
  id: string;
  name: string;
  creatureKind: CreatureKind;
  threatRank: number;
  /** Own documents: validity at save; bestiary entries are valid by construction (the build checks them). */
  valid: boolean;
  /** The bestiary's description; '' for own creatures. */
  description: string;
}

export interface CreatureListFilter {
  /** Accent- and case-insensitive words in the name. */
  text?: string;
  kind?: CreatureKind | '';
  /** 0 or undefined: any rank. */
  threatRank?: number;
  /** Which part of the list: both (default), the game master's, or the bestiary. */
  source?: 'all' | 'mine' | 'bestiary';
}

/** Own creatures first (newest first), then the bestiary by threat rank and name. */
export function creatureRows(mine: readonly OwnCreature[], bestiary: readonly BestiaryEntry[], filter: CreatureListFilter = {}): CreatureRow[] {
  const words = fold(filter.text ?? '').split(/\s+/).filter(Boolean);
  const source = filter.source ?? 'all';
  const keep = (r: CreatureRow) =>
    (source === 'all' || r.source === source) &&
    (!filter.kind || r.creatureKind === filter.kind) &&
    (!filter.threatRank || r.threatRank === filter.threatRank) &&
    words.every((w) => fold(r.name).includes(w));
  const own = [...mine]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map(
      (s): CreatureRow => ({
        source: 'mine',
        id: s.id,
        name: s.name || s.document.name,
        creatureKind: s.document.creatureKind,
        threatRank: s.document.threatRank,
        valid: s.valid,
        description: '',
      }),
    );
  const published = [...bestiary]
    .sort((a, b) => a.threatRank - b.threatRank || a.name.localeCompare(b.name))
    .map(
      (b): CreatureRow => ({
        source: 'bestiary',
        id: b.id,
        name: b.name,
        creatureKind: b.creatureKind,
        threatRank: b.threatRank,
        valid: true,
        description: b.description,
      }),
    );
  return [...own, ...published].filter(keep);
}

/** A fresh creature as the form starts it: threat rank 1, every attribute 1 (threat value 5 → rank 1, no warning). */
export function newCreature(id: string, now: string, name = 'New creature'): Creature {
  return {
    kind: 'creature',
    ...newDocumentFields(id, name, now),
    notes: '',
    creatureKind: 'beast',
    threatRank: 1,
    attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 },
    skills: {},
    properties: [],
    attacks: [],
  };
}

const clone = <T>(v: T): T => structuredClone(v);

/**
 * The game master's own copy of a bestiary creature: new id and dates, the
 * description moved into the notes (a creature document has no description),
 * and `copiedFrom` so the editor can say where it came from.
 */
export function copyFromBestiary(entry: BestiaryEntry, id: string, now: string): Creature {
  const { description, ...rest } = clone(entry);
  const notes = [rest.notes, description].filter((s) => s && s.trim()).join('\n\n');
  return { ...rest, id, createdAt: now, updatedAt: now, notes, tags: rest.tags ?? [], copiedFrom: `creatures:${entry.id}` } as Creature;
}

/** A duplicate of one's own creature: everything kept but the id, the dates and the name ("… (copy)"). */
export function duplicateCreature(c: Creature, id: string, now: string): Creature {
  return { ...clone(c), id, createdAt: now, updatedAt: now, name: `${c.name} (copy)` };
}

/** `?from=creatures:ID` (the bestiary page's "Copy into the creature editor" link) → the bestiary id. */
export function bestiaryIdFromQuery(search: string): string | undefined {
  const from = new URLSearchParams(search).get('from');
  const m = from ? /^creatures:([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(from) : null;
  return m?.[1];
}
