/**
 * The copies of pack entries a document keeps (GAME.md §6; SPEC.md P10–P12):
 * taking an entry, what changed in a newer version in the game's words, and
 * taking the newer version. An entry the newer version dropped stays in the
 * copy, so the document stays valid and can say why.
 */
import type { Homebrew, HomebrewPack, PackEntries, PackEntryKind } from './schemas';
import { PACK_ENTRY_KINDS, emptyPackEntries } from './packLimits';

/** What a document needs of a pack to copy from it: the pack document or its published copy. */
export interface PackSource {
  id: string;
  name: string;
  version: number;
  entries: PackEntries;
}

export interface PackChange {
  kind: PackEntryKind;
  id: string;
  /** The entry's name in the document's copy. */
  name: string;
  /** The newer version has no entry with this id: the copy stays. */
  removed: boolean;
  /** Each change in words: "damage 4 → 5", "rules text changed". */
  changes: string[];
  /** The whole line: "Plasma lance: damage 4 → 5", "Quick Hands: removed from the pack". */
  sentence: string;
}

type Entry = PackEntries[PackEntryKind][number];
const findEntry = (entries: PackEntries, kind: PackEntryKind, id: string): Entry | undefined => (entries[kind] as Entry[]).find((e) => e.id === id);

/** Fields that say where a copy came from or when, not what it does. */
const BOOKKEEPING = new Set(['id', 'kind', 'schemaVersion', 'createdAt', 'updatedAt', 'origin', 'originId', 'originRevision', 'homebrew', 'gmOnly']);
/** Texts too long to quote: the change is named, not shown. */
const PROSE = new Set(['text', 'description', 'template', 'notes']);

/** `maxTimes` → `max times`; `properties.damage` → `damage`. */
function words(path: string[]): string {
  const named = path.filter((p) => !/^\d+$/.test(p) && p !== 'properties');
  return (named.length ? named : path).join(' ').replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return 'none';
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : 'none';
  return String(value);
}

const isPlain = (v: unknown): boolean => v === null || v === undefined || typeof v !== 'object' || (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object'));

/** Every difference between two versions of an entry, in words. */
function differences(before: unknown, after: unknown, path: string[] = []): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const key = path[path.length - 1] ?? '';
  if (PROSE.has(key)) return [`${words(path)} changed`];
  if (isPlain(before) && isPlain(after)) return [`${words(path)} ${shown(before)} → ${shown(after)}`];
  if (Array.isArray(before) || Array.isArray(after) || !before || !after || typeof before !== 'object' || typeof after !== 'object') return [`${words(path)} changed`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !BOOKKEEPING.has(k));
  return keys.flatMap((k) => differences((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k], [...path, k]));
}

/**
 * What changed for a document between its copy of a pack and the pack's
 * newer entries, per entry it holds, in the game's words (P11). Entries it
 * does not hold are not its concern; unchanged ones are left out.
 */
export function packChanges(copy: HomebrewPack, newer: PackEntries): PackChange[] {
  return PACK_ENTRY_KINDS.flatMap((kind) =>
    (copy.entries[kind] as Entry[]).flatMap((old): PackChange[] => {
      const name = old.name || old.id;
      const now = findEntry(newer, kind, old.id);
      if (!now) return [{ kind, id: old.id, name, removed: true, changes: [], sentence: `${name}: removed from the pack` }];
      const changes = differences(old, now);
      return changes.length ? [{ kind, id: old.id, name, removed: false, changes, sentence: `${name}: ${changes.join(', ')}` }] : [];
    }),
  );
}

/** The entry and the pack's own entries it cannot be judged without: its prerequisites, a gear item's features, a creature's properties. */
function withDependencies(source: PackEntries, kind: PackEntryKind, id: string, into: PackEntries): void {
  const entry = findEntry(source, kind, id);
  if (!entry || findEntry(into, kind, id) === entry) return;
  const list = into[kind] as Entry[];
  const at = list.findIndex((e) => e.id === id);
  if (at >= 0) list[at] = entry;
  else list.push(entry);
  const e = entry as Partial<{ prerequisites: string[]; features: { id: string }[]; properties: { id: string }[] }>;
  if (kind === 'features') for (const p of e.prerequisites ?? []) withDependencies(source, 'features', p, into);
  if (kind === 'gear') for (const f of e.features ?? []) withDependencies(source, 'blueprintFeatures', f.id, into);
  if (kind === 'creatures') for (const p of e.properties ?? []) withDependencies(source, 'creatureProperties', p.id, into);
}

const copyOf = (entries: PackEntries): PackEntries => Object.fromEntries(PACK_ENTRY_KINDS.map((k) => [k, [...entries[k]]])) as PackEntries;

/**
 * A document's copies with one more entry of `pack` taken (P10), and the
 * pack's own entries it needs; the document then names it by its qualified id.
 * An entry the copy already holds from an older version is left as it is:
 * taking the newer version is `takeNewerVersion`, which names the changes first.
 */
export function takePackEntry(homebrew: Homebrew | undefined, pack: PackSource, kind: PackEntryKind, entryId: string): Homebrew {
  const packs = homebrew?.packs ?? [];
  const held = packs.find((p) => p.id === pack.id);
  if (held && findEntry(held.entries, kind, entryId)) return homebrew!;
  const entries = held ? copyOf(held.entries) : emptyPackEntries();
  withDependencies(pack.entries, kind, entryId, entries);
  const next: HomebrewPack = { id: pack.id, name: pack.name, version: held?.version ?? pack.version, entries };
  return { ...homebrew, packs: held ? packs.map((p) => (p === held ? next : p)) : [...packs, next] };
}

/**
 * A document's copies with the newer version of `pack` taken (P12): every
 * entry it holds is replaced by the newer one of the same id, an entry the
 * pack dropped stays as copied, and the version becomes the pack's.
 */
export function takeNewerVersion(homebrew: Homebrew, pack: PackSource): Homebrew {
  return {
    ...homebrew,
    packs: homebrew.packs.map((held) => {
      if (held.id !== pack.id) return held;
      const entries = copyOf(held.entries);
      for (const kind of PACK_ENTRY_KINDS) for (const e of held.entries[kind]) withDependencies(pack.entries, kind, e.id, entries);
      return { ...held, name: pack.name, version: pack.version, entries };
    }),
  };
}
