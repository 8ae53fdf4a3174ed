/**
 * Copies of the player's own blueprints and cores inside a character.
 * A character carries full documents (GAME.md §6, rules SPEC M6), so a copy
 * keeps playing the same when the original is edited; the copy remembers
 * where it came from (`originId`, `originRevision`) so the editor can say
 * "the original has changed" and offer to bring the copy up to date.
 */
import type { Blueprint, Character, Core, GearEntry } from '../../rules';

/** The little of a stored document this needs (storage's `StoredDocument` fits). */
export interface OwnDocument<D> {
  id: string;
  revision: number;
  document: D;
  deletedAt?: string;
}

type Embeddable = Blueprint | Core;

/** A copy of one of the player's documents, with a fresh id and its origin. */
export function copyOwn<D extends Embeddable>(source: OwnDocument<D>, newId: string): D {
  return { ...structuredClone(source.document), id: newId, originId: source.id, originRevision: source.revision };
}

/** A copy of a standard gear item (no origin: the catalogue is not the player's). */
export function copyStandard(entry: GearEntry, newId: string): Blueprint {
  const { description: _description, ...doc } = structuredClone(entry) as GearEntry & Record<string, unknown>;
  return { ...(doc as Blueprint), id: newId };
}

export interface StaleCopy {
  list: 'gear' | 'cores';
  index: number;
  name: string;
  originId: string;
  fromRevision: number;
  toRevision: number;
  /** The original's current name (it may have been renamed). */
  originalName: string;
}

/** Copies whose original is newer than the revision they were copied at (deleted originals are left alone). */
export function staleCopies(c: Character, own: readonly OwnDocument<Embeddable>[]): StaleCopy[] {
  const byId = new Map(own.filter((d) => !d.deletedAt).map((d) => [d.id, d]));
  const out: StaleCopy[] = [];
  const scan = (list: 'gear' | 'cores', items: readonly Embeddable[], kind: Embeddable['kind']) =>
    items.forEach((item, index) => {
      if (!item.originId) return;
      const original = byId.get(item.originId);
      if (!original || original.document.kind !== kind) return;
      const from = item.originRevision ?? 0;
      if (original.revision > from) {
        out.push({ list, index, name: item.name, originId: item.originId, fromRevision: from, toRevision: original.revision, originalName: original.document.name });
      }
    });
  scan('gear', c.gear, 'blueprint');
  scan('cores', c.cores, 'core');
  return out;
}

/**
 * The character with one copy replaced by the original's current content.
 * The copy keeps its own id, so worn armour stays worn. One document change,
 * hence one undo step.
 */
export function updateCopy(c: Character, list: 'gear' | 'cores', index: number, original: OwnDocument<Embeddable>): Character {
  const copy = c[list][index];
  if (!copy) return c;
  const fresh = { ...structuredClone(original.document), id: copy.id, originId: original.id, originRevision: original.revision };
  if (list === 'gear') {
    if (fresh.kind !== 'blueprint') return c;
    const gear = c.gear.slice();
    gear[index] = fresh;
    return { ...c, gear };
  }
  if (fresh.kind !== 'core') return c;
  const cores = c.cores.slice();
  cores[index] = fresh;
  return { ...c, cores };
}
