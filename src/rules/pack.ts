/**
 * Packs (GAME.md §6; SPEC.md P1–P12): a pack's issues in place, whether it
 * may be published, what changed between the copy a document holds and a
 * newer version, and the copies a document takes and updates. Every entry
 * is judged by the code that judges its official kind.
 */
import type { Blueprint, Catalogues, Creature, Pack, PackEntries, PackEntryKind } from './schemas';
import { PACK_ENTRY_KINDS, packLimitProblems } from './packLimits';
import { IssueList } from './issues';
import { evaluateBlueprint } from './blueprint';
import { evaluateCreature } from './creature';
import { packEntryRef, qualifyPackEntries } from './homebrew';
import { entryTextProblems } from './packText';

export interface PackDerived {
  /** Entries of every kind. */
  entries: number;
  /** No error, and at least one entry: the pack may be published (a pack with errors stays a draft). */
  canPublish: boolean;
}

/** How each kind is named in a sentence: "Two features have the id 'x'". */
export const PACK_KIND_WORDS: Record<PackEntryKind, { one: string; many: string }> = {
  gear: { one: 'gear item', many: 'gear items' },
  creatures: { one: 'creature', many: 'creatures' },
  features: { one: 'feature', many: 'features' },
  blueprintFeatures: { one: 'blueprint feature', many: 'blueprint features' },
  coreEffects: { one: 'core effect', many: 'core effects' },
  coreSideEffects: { one: 'core side effect', many: 'core side effects' },
  creatureProperties: { one: 'creature property', many: 'creature properties' },
};

const entryName = (e: { name?: unknown; id: string }) => (typeof e.name === 'string' && e.name.trim() ? e.name : e.id);

/** P5 Two entries of one kind with the same id. */
function duplicateIds(entries: PackEntries, issues: IssueList): void {
  for (const kind of PACK_ENTRY_KINDS) {
    const first = new Map<string, number>();
    entries[kind].forEach((e, i) => {
      const before = first.get(e.id);
      if (before === undefined) first.set(e.id, i);
      else issues.error(`entries.${kind}.${i}.id`, 'duplicate-id', `Two ${PACK_KIND_WORDS[kind].many} have the id '${e.id}' (the ${before + 1}. and the ${i + 1}.): give each its own id.`);
    });
  }
}

/** A reference of a pack entry that names nothing it may name (P3, P6). */
function referenceProblem(ref: string, own: ReadonlySet<string>, official: readonly { id: string }[], word: string): string | null {
  const qualified = packEntryRef(ref);
  if (qualified) return `'${ref}' is another pack's ${word}; a pack may require official entries and its own, never another pack's.`;
  if (own.has(ref) || official.some((e) => e.id === ref)) return null;
  return `'${ref}' is neither a ${word} of this pack nor an official one.`;
}

/** P6 Prerequisites and exclusions name this pack's entries or official ones. */
function references(entries: PackEntries, official: Catalogues, issues: IssueList): void {
  const ownFeatures = new Set(entries.features.map((e) => e.id));
  entries.features.forEach((e, i) =>
    e.prerequisites.forEach((ref, j) => {
      const problem = referenceProblem(ref, ownFeatures, official.features, 'feature');
      if (problem) issues.error(`entries.features.${i}.prerequisites.${j}`, 'unknown-prerequisite', `${entryName(e)} needs ${problem}`);
    }),
  );
  const ownBlueprintFeatures = new Set(entries.blueprintFeatures.map((e) => e.id));
  entries.blueprintFeatures.forEach((e, i) =>
    (e.excludes ?? []).forEach((ref, j) => {
      const problem = referenceProblem(ref, ownBlueprintFeatures, official.blueprintFeatures, 'blueprint feature');
      if (problem) issues.error(`entries.blueprintFeatures.${i}.excludes.${j}`, 'unknown-exclusion', `${entryName(e)} excludes ${problem}`);
    }),
  );
}

/** P8 Gear and creatures obey the blueprint and creature rules, against the official catalogues and this pack's own entries. */
function documents(pack: Pack, official: Catalogues, issues: IssueList): void {
  const own = qualifyPackEntries(pack.id, pack.entries);
  const catalogues: Catalogues = { ...official };
  for (const kind of PACK_ENTRY_KINDS) (catalogues as Record<PackEntryKind, unknown[]>)[kind] = [...own[kind], ...official[kind]];
  const relay = (at: string, name: string, sub: IssueList) => {
    for (const i of sub.items) issues[i.severity](`${at}.${i.path}`, i.code, `${name}: ${i.message.replaceAll(`${pack.id}/`, '')}`);
  };
  own.gear.forEach((g, i) => {
    const sub = new IssueList();
    evaluateBlueprint(g as Blueprint, catalogues, sub);
    relay(`entries.gear.${i}`, entryName(pack.entries.gear[i]!), sub);
  });
  own.creatures.forEach((c, i) => {
    const sub = new IssueList();
    evaluateCreature(c as Creature, catalogues, sub);
    relay(`entries.creatures.${i}`, entryName(pack.entries.creatures[i]!), sub);
  });
}

/**
 * Everything a pack breaks, in place (`entries.<kind>.<index>.<field>`):
 * its limits, duplicate ids, references to nothing or to another pack, text
 * that would be script, and gear and creatures that break their kind's rules.
 */
export function evaluatePack(pack: Pack, official: Catalogues, issues = new IssueList()): PackDerived {
  for (const p of packLimitProblems(pack)) issues.error(p.path.join('.'), 'pack-limit', `${p.path.length ? `${p.path[p.path.length - 1]} ` : 'The pack '}${p.message}.`);
  duplicateIds(pack.entries, issues);
  references(pack.entries, official, issues);
  for (const kind of PACK_ENTRY_KINDS) {
    pack.entries[kind].forEach((e, i) => {
      for (const t of entryTextProblems(e)) issues.error(['entries', kind, i, ...t.path].join('.'), 'unsafe-text', `${entryName(e)}: ${t.path.join('.')} ${t.problem}.`);
    });
  }
  documents(pack, official, issues);
  const entries = PACK_ENTRY_KINDS.reduce((n, kind) => n + pack.entries[kind].length, 0);
  if (entries === 0) issues.warning('entries', 'no-entries', 'The pack has no entries yet: add one before publishing it.');
  return { entries, canPublish: issues.valid && entries > 0 };
}

/** A pack may be published when it breaks no rule and holds an entry (P9). */
export function canPublish(pack: Pack, official: Catalogues): boolean {
  return evaluatePack(pack, official).canPublish;
}

/**
 * The pack as published once more (P9): version + 1 and the changelog line
 * for it. The caller checks `canPublish` first; `changes` is what the
 * author says changed.
 */
export function publishedPack(pack: Pack, changes: string, now: string): Pack {
  const version = pack.version + 1;
  return { ...pack, version, updatedAt: now, changelog: [...pack.changelog, { version, text: changes }] };
}
