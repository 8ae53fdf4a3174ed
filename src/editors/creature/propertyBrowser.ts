/**
 * The creature property browser's filters (GAME.md §5): the catalogue
 * `content/data/creature-properties` narrowed by tags, by threat value and by
 * a name search. Pure, so the same filter runs in tests and in the browser.
 */
import type { CreaturePropertyEntry } from '../../rules';

export interface PropertyFilter {
  /** Every chosen tag must be on the entry (none chosen: no tag filter). */
  tags?: readonly string[];
  /** The entry's base threat (per point of potency) must be one of these (none: any). */
  threats?: readonly number[];
  /** Case- and accent-insensitive text in the name; each word must appear. */
  text?: string;
}

/** Lower-case, accents removed, so "Éther" is found by "ether". */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The tags of the catalogue, alphabetical, with how many entries carry each. */
export function propertyTags(catalogue: readonly CreaturePropertyEntry[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const e of catalogue) for (const t of e.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => a.tag.localeCompare(b.tag));
}

/** The distinct threat values of the catalogue, ascending. */
export function propertyThreats(catalogue: readonly CreaturePropertyEntry[]): number[] {
  return [...new Set(catalogue.map((e) => e.threat))].sort((a, b) => a - b);
}

/**
 * The entries that pass the filter, in catalogue order, except that with a
 * search the names that start with it come first (what a person typing a
 * name expects to see at the top).
 */
export function filterProperties(catalogue: readonly CreaturePropertyEntry[], filter: PropertyFilter): CreaturePropertyEntry[] {
  const tags = filter.tags ?? [];
  const threats = filter.threats ?? [];
  const query = fold(filter.text ?? '').trim();
  const words = query.split(/\s+/).filter(Boolean);
  const hits = catalogue.filter(
    (e) =>
      tags.every((t) => e.tags.includes(t)) &&
      (threats.length === 0 || threats.includes(e.threat)) &&
      words.every((w) => fold(e.name).includes(w)),
  );
  if (!query) return hits;
  const starts = (e: CreaturePropertyEntry) => (fold(e.name).startsWith(query) ? 0 : 1);
  return hits.map((e, i) => ({ e, i })).sort((a, b) => starts(a.e) - starts(b.e) || a.i - b.i).map(({ e }) => e);
}

/** "+1 protection, +2 health" per point of potency; '' without modifiers. */
export function modifierText(entry: CreaturePropertyEntry, potency = 1): string {
  const m = entry.modifiers ?? {};
  return (['protection', 'guard', 'health'] as const)
    .filter((k) => m[k])
    .map((k) => {
      const v = m[k]! * potency;
      return `${v > 0 ? '+' : '−'}${Math.abs(v)} ${k}`;
    })
    .join(', ');
}
