/**
 * Running an encounter in a campaign, pure: what the tracker's state looks
 * like to the members (GAME.md §7: creatures by condition unless revealed),
 * what to publish after a change, and how a player's entry comes back into
 * the encounter document. The Firestore side is `CampaignCloud`; the hook
 * that joins them is `useCampaignRun.ts`.
 *
 * Both sides keep a *base*: the hero values the cloud and the tracker last
 * agreed on. A value the tracker changed since is published; a value the
 * cloud changed since (a player's entry) is applied to the document; both
 * changed: the game master's stands (docs/reliability.md "Live at the table").
 */
import { condition, inOrder, typedInitiative } from '../../rules/engine';
import { recordInitiative } from './model';
import type { Combatant, Encounter } from './rules';
import type { HeroValue, HeroWrite, LiveCreature, LiveFight, LiveHero, LivePublication, SharedCharacter } from '../../storage/campaigns';

export type HeroValues = { initiative: number | null; health: number; strain: number };

/** What the cloud and the tracker last agreed on: the fight as published, and each hero's values. */
export interface LiveBase {
  fight: string;
  numbers: string;
  heroes: Record<string, HeroValues>;
}

export const HERO_VALUES: HeroValue[] = ['initiative', 'health', 'strain'];

const heroesOf = (doc: Encounter): Combatant[] => doc.fight?.combatants.filter((c) => c.side === 'hero') ?? [];

export const valuesOf = (c: Combatant): HeroValues => ({ initiative: c.initiative?.hits ?? null, health: c.health, strain: c.strain });

/** The fight as members see it; no fight yet is round 0 with nobody in the order. */
export function liveFight(doc: Encounter, reveal: boolean): LiveFight {
  const f = doc.fight;
  const creatures: Record<string, LiveCreature> = {};
  for (const c of f?.combatants ?? []) {
    if (c.side !== 'creature') continue;
    creatures[c.id] = { name: c.name.slice(0, 300), condition: condition(c.health, c.maxHealth), ...(reveal ? { health: c.health, maxHealth: c.maxHealth } : {}) };
  }
  return { title: doc.name.slice(0, 300), round: f?.round ?? 0, turn: f?.turn ?? 0, order: f ? inOrder(f).map((c) => c.id) : [], creatures, reveal };
}

/** The creatures' numbers, for the document only the game master reads. */
export function creatureNumbers(doc: Encounter): Record<string, { health: number; maxHealth: number }> {
  return Object.fromEntries((doc.fight?.combatants ?? []).filter((c) => c.side === 'creature').map((c) => [c.id, { health: c.health, maxHealth: c.maxHealth }]));
}

/**
 * Who plays each hero: the member who shares its character (the hero's
 * character by id: picked from the campaign's shared characters, or the
 * same document from this device's library), otherwise the game master,
 * whose heroes no player can change. Never by name: a quick entry or a
 * character of the game master's that happens to share a player's
 * character's name stays the game master's.
 */
export function heroOwners(doc: Encounter, shared: SharedCharacter[], gm: string): Record<string, string> {
  const owners: Record<string, string> = {};
  for (const c of heroesOf(doc)) {
    const source = doc.party.find((p) => p.id === c.entry)?.source;
    const match = source?.kind === 'character' ? shared.find((s) => s.id === source.id) : undefined;
    owners[c.id] = match?.owner ?? gm;
  }
  return owners;
}

/**
 * What to write after the tracker changed: the fight and the numbers when
 * they differ from the last publication, every value of a new hero, and
 * only the changed values of the others. Null: nothing to write.
 */
export function planPublication(doc: Encounter, reveal: boolean, owners: Record<string, string>, base: LiveBase | null): { publication: LivePublication; base: LiveBase } | null {
  const fight = liveFight(doc, reveal);
  const numbers = creatureNumbers(doc);
  const next: LiveBase = { fight: JSON.stringify(fight), numbers: JSON.stringify(numbers), heroes: {} };
  const heroes: HeroWrite[] = [];
  for (const c of heroesOf(doc)) {
    const now = valuesOf(c);
    next.heroes[c.id] = now;
    const before = base?.heroes[c.id];
    if (!before) {
      heroes.push({ id: c.id, hero: { id: c.id, owner: owners[c.id]!, name: c.name.slice(0, 300), maxHealth: c.maxHealth, strainCapacity: c.strainCapacity, protection: c.protection, ...now } });
      continue;
    }
    const changed = Object.fromEntries(HERO_VALUES.filter((k) => now[k] !== before[k]).map((k) => [k, now[k]]));
    if (Object.keys(changed).length > 0) heroes.push({ id: c.id, changed });
  }
  const removed = Object.keys(base?.heroes ?? {}).filter((id) => !next.heroes[id]);
  const publication: LivePublication = {
    heroes,
    removed,
    ...(next.fight !== base?.fight ? { fight } : {}),
    ...(next.numbers !== base?.numbers ? { numbers } : {}),
  };
  const empty = heroes.length === 0 && removed.length === 0 && !publication.fight && !publication.numbers;
  return empty ? null : { publication, base: next };
}

/** A player's entry as the game master's tracker lists it, with what Undo puts back. */
export interface PlayerEntry {
  key: string;
  heroId: string;
  hero: string;
  field: HeroValue;
  from: number | null;
  to: number | null;
  /** The player's words for it: "5 damage", "initiative 3 hits". */
  what: string;
  /** False when the game master changed the same value first: theirs stood. */
  applied: boolean;
}

function entryWords(h: LiveHero, field: HeroValue, to: number | null): string {
  const e = h.lastEntry;
  if (e?.what === 'damage') return `${e.amount} damage`;
  if (e?.what === 'healing') return `${e.amount} healing`;
  if (field === 'initiative') return `initiative ${to ?? '–'} hits`;
  return field === 'health' ? `Health set to ${to}` : `strain set to ${to}`;
}

/**
 * The values members changed since the base: each becomes an entry; one
 * the tracker also changed meanwhile is not applied (the game master's
 * value is published over it, and the entry says so).
 */
export function incomingEntries(doc: Encounter, base: LiveBase, remote: LiveHero[]): PlayerEntry[] {
  const entries: PlayerEntry[] = [];
  for (const h of remote) {
    const agreed = base.heroes[h.id];
    const c = heroesOf(doc).find((x) => x.id === h.id);
    if (!agreed || !c) continue;
    const local = valuesOf(c);
    for (const field of HERO_VALUES) {
      if (h[field] === agreed[field]) continue;
      const at = h.at[field]?.toMillis?.() ?? 0;
      entries.push({ key: `${h.id}:${field}:${at}`, heroId: h.id, hero: h.name, field, from: agreed[field], to: h[field], what: entryWords(h, field, h[field]), applied: local[field] === agreed[field] });
    }
  }
  return entries;
}

/** Sets one hero value in the encounter document (a player's entry, or Undo putting the value before it back). */
export function setHeroValue(doc: Encounter, heroId: string, field: HeroValue, value: number | null): Encounter {
  if (!doc.fight || value === null) return doc;
  if (field === 'initiative') return recordInitiative(doc, heroId, typedInitiative(value));
  return {
    ...doc,
    fight: { ...doc.fight, combatants: doc.fight.combatants.map((c) => (c.id !== heroId ? c : field === 'health' ? { ...c, health: Math.max(0, Math.min(c.maxHealth, value)) } : { ...c, strain: Math.max(0, value) })) },
  };
}
