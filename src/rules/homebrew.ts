/**
 * Pack entries beside the official catalogues (GAME.md §6; SPEC.md P2–P4).
 * Inside a document a pack entry is named by its qualified id
 * `<packId>/<entryId>`: an entry id is kebab-case and holds no `/`, so a
 * qualified id never equals an official id, and the same entry id in two
 * packs names two entries. A pack entry's own references (prerequisites,
 * exclusions, a gear item's features, a creature's properties) name its own
 * pack's entries first, then official ones; never another pack's.
 */
import type { Catalogues, Homebrew, HomebrewPack, PackEntries, PackEntryKind } from './schemas';

/** The separator of a qualified id; never in a kebab-case entry id. */
export const PACK_ID_SEPARATOR = '/';

/** `qualifiedId('neon', 'plasma-lance')` ⇒ `'neon/plasma-lance'`. */
export const qualifiedId = (packId: string, entryId: string) => `${packId}${PACK_ID_SEPARATOR}${entryId}`;

/** The pack and entry of a qualified id, or null for an official id. */
export function packEntryRef(id: string): { packId: string; entryId: string } | null {
  const at = id.lastIndexOf(PACK_ID_SEPARATOR);
  return at < 0 ? null : { packId: id.slice(0, at), entryId: id.slice(at + 1) };
}

/**
 * How a reference written inside pack `packId` reads in the merged catalogues:
 * its own entry's qualified id when the pack has one, the official id otherwise.
 * A qualified reference to another pack becomes an id no catalogue holds, so
 * `evaluate` reports it as unknown (a pack never requires another pack's entry).
 */
export function resolvePackReference(packId: string, own: ReadonlySet<string>, ref: string): string {
  if (own.has(ref)) return qualifiedId(packId, ref);
  const qualified = packEntryRef(ref);
  if (!qualified) return ref;
  return qualified.packId === packId && own.has(qualified.entryId) ? ref : qualifiedId(packId, ref);
}

const idsOf = (list: readonly { id: string }[]) => new Set(list.map((e) => e.id));

/** A pack's entries as the catalogues hold them: qualified ids, references resolved (P3). */
export function qualifyPackEntries(packId: string, entries: PackEntries): Pick<Catalogues, PackEntryKind> {
  const resolve = (own: ReadonlySet<string>) => (ref: string) => resolvePackReference(packId, own, ref);
  const ownFeatures = resolve(idsOf(entries.features));
  const ownBlueprintFeatures = resolve(idsOf(entries.blueprintFeatures));
  const ownProperties = resolve(idsOf(entries.creatureProperties));
  const q = qualifiedId.bind(null, packId);
  return {
    features: entries.features.map((e) => ({ ...e, id: q(e.id), prerequisites: e.prerequisites.map(ownFeatures) })),
    blueprintFeatures: entries.blueprintFeatures.map((e) => {
      const out = { ...e, id: q(e.id) };
      if (e.excludes) out.excludes = e.excludes.map(ownBlueprintFeatures);
      if (e.attack?.needsCyberware) out.attack = { ...e.attack, needsCyberware: ownBlueprintFeatures(e.attack.needsCyberware) };
      return out;
    }),
    coreEffects: entries.coreEffects.map((e) => ({ ...e, id: q(e.id) })),
    coreSideEffects: entries.coreSideEffects.map((e) => ({ ...e, id: q(e.id) })),
    creatureProperties: entries.creatureProperties.map((e) => ({ ...e, id: q(e.id) })),
    gear: entries.gear.map((e) => ({ ...e, id: q(e.id), features: e.features.map((f) => ({ ...f, id: ownBlueprintFeatures(f.id) })) })),
    creatures: entries.creatures.map((e) => ({ ...e, id: q(e.id), properties: e.properties.map((p) => ({ ...p, id: ownProperties(p.id) })) })),
  };
}

/**
 * The catalogues a document is judged against: the official ones and its
 * copies of pack entries under qualified ids (P4). Without copies the same
 * object comes back, so a document without homebrew costs nothing. A copy
 * merged later comes first, so an embedded document's own copy of an entry
 * wins over its character's.
 */
export function withHomebrew(catalogues: Catalogues, homebrew: Homebrew | undefined): Catalogues {
  if (!homebrew?.packs.length) return catalogues;
  const merged = { ...catalogues };
  for (const pack of homebrew.packs) {
    const qualified = qualifyPackEntries(pack.id, pack.entries);
    for (const kind of Object.keys(qualified) as PackEntryKind[]) {
      (merged as Record<PackEntryKind, unknown[]>)[kind] = [...qualified[kind], ...merged[kind]];
    }
  }
  return merged;
}

/** The copy of a pack a document holds, or undefined. */
export const homebrewPack = (homebrew: Homebrew | undefined, packId: string): HomebrewPack | undefined => homebrew?.packs.find((p) => p.id === packId);
