/**
 * A hero's snapshot from a character document (GAME.md §7 "Party"): the
 * derived values of §2 and the attack lines the character sheet already
 * computes (features applied), so the odds here match the sheet's.
 */
import { evaluate, MAX_DIFFICULTY, MAX_POOL, type Catalogues, type Character } from '../../rules/engine';
import { attackLines } from '../character/sheet';
import type { HeroSnapshot } from './rules';

export function heroFromCharacter(c: Character, catalogues: Partial<Catalogues>): HeroSnapshot {
  const d = evaluate(c, catalogues).derived;
  return {
    name: c.name,
    rank: d.rank,
    reflex: c.attributes.reflex,
    logic: c.attributes.logic,
    guard: d.guard,
    health: d.health,
    protection: d.protection,
    strainCapacity: d.strainCapacity,
    initiative: d.initiative,
    attacks: attackLines(c, d.overBulk, catalogues).map((l) => ({ name: l.name, pool: l.pool, damage: l.damage, rate: l.rate, ignoresProtection: l.ignoresProtection, range: l.range })),
  };
}

/** A quick entry's fields as typed (§7): the same snapshot, attacks optional. */
export interface QuickHero {
  name: string;
  rank: number;
  reflex: number;
  logic: number;
  guard: number;
  health: number;
  protection: number;
  strainCapacity: number;
  attack?: { pool: number; damage: number; rate: number };
}

export function heroFromQuick(q: QuickHero): HeroSnapshot {
  const { attack, ...values } = q;
  return { ...values, name: q.name.trim() || 'Hero', initiative: q.reflex + q.logic, attacks: attack && attack.pool > 0 ? [{ name: 'Attack', ...attack, ignoresProtection: 0 }] : [] };
}

/**
 * A number as typed in the encounter tool (a quick entry's, a count, an
 * amount): the whole number it is, or the sentence that says why it cannot
 * be kept (empty, not a whole number, below the field's least value, past
 * `max` when the field has one, beyond the largest whole number a document
 * keeps exactly). Refused in place: nothing changes until it is fixed.
 */
export function quickNumber(label: string, text: string, min: number, max?: number): { value: number } | { problem: string } {
  const typed = text.trim();
  const range = max === undefined ? '' : ` from ${min} to ${max}`;
  if (typed === '') return { problem: `${label} needs a number${range}.` };
  if (!/^-?\d+$/.test(typed)) return { problem: `${label} must be a whole number${range} (it is ${typed}).` };
  const value = Number(typed);
  if (max !== undefined && (value < min || value > max)) return { problem: `${label} must be${range} (it is ${typed}).` };
  if (!Number.isSafeInteger(value)) return { problem: `${label} must be at most ${Number.MAX_SAFE_INTEGER.toLocaleString('en-GB')}.` };
  if (value < min) return { problem: `${label} must be at least ${min} (it is ${value}).` };
  return { value };
}

/** The quick entry's numbers that the game's rules bound (GAME.md §2, §7). */
export type RuledQuickField = 'rank' | 'reflex' | 'logic' | 'guard' | 'pool';

/** The largest attack pool a hero rolls: attribute 6 + skill 5 + a die from gear (GAME.md §2). */
export const LARGEST_HERO_POOL = 12;

/**
 * A quick entry's number outside the game's rules (rank 11, a pool of 40):
 * kept, with the sentence that says the rule and what the tool does with
 * it (GAME.md §7: advice, never a block); undefined when within the rules.
 */
export function quickWarning(field: RuledQuickField, label: string, value: number): string | undefined {
  switch (field) {
    case 'rank':
      return value > 10 ? `${label} ${value} is past the game's ranks (1 to 10): kept, and counted as typed in the party rank.` : undefined;
    case 'reflex':
    case 'logic':
      return value > 6 ? `${label} ${value} is past an attribute's most (6): kept, and counted as typed in the initiative pool.` : undefined;
    case 'guard':
      if (value < 1) return `Guard ${value} counts as 1 in the odds (Guard is from 1 to ${MAX_DIFFICULTY}).`;
      return value > MAX_DIFFICULTY ? `Guard ${value} is past the most (${MAX_DIFFICULTY}): kept; the odds count Guard ${MAX_DIFFICULTY}.` : undefined;
    case 'pool':
      if (value > MAX_POOL) return `${label} ${value} is more dice than a hero rolls (at most about ${LARGEST_HERO_POOL}): kept; the odds count ${MAX_POOL} dice, the most the dice engine rolls.`;
      return value > LARGEST_HERO_POOL ? `${label} ${value} is more dice than a hero rolls (at most about ${LARGEST_HERO_POOL}: attribute 6 + skill 5 + 1 from gear): kept, and the odds use it.` : undefined;
  }
}
