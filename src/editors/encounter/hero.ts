/**
 * A hero's snapshot from a character document (GAME.md §7 "Party"): the
 * derived values of §2 and the attack lines the character sheet already
 * computes (features applied), so the odds here match the sheet's.
 */
import { evaluate, type Catalogues, type Character } from '../../rules/engine';
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
    attacks: attackLines(c, d.overBulk).map((l) => ({ name: l.name, pool: l.pool, damage: l.damage, rate: l.rate, ignoresProtection: l.ignoresProtection, range: l.range })),
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
 * A quick entry's number as typed: the whole number it is, or the sentence
 * that says why no document can hold it (empty, not a whole number, below
 * the field's least value, beyond the largest whole number a document keeps
 * exactly). Refused in place: the entry cannot be added until it is fixed.
 */
export function quickNumber(label: string, text: string, min: number): { value: number } | { problem: string } {
  const typed = text.trim();
  if (typed === '') return { problem: `${label} needs a number.` };
  if (!/^-?\d+$/.test(typed)) return { problem: `${label} must be a whole number (it is ${typed}).` };
  const value = Number(typed);
  if (!Number.isSafeInteger(value)) return { problem: `${label} must be at most ${Number.MAX_SAFE_INTEGER.toLocaleString('en-GB')}.` };
  if (value < min) return { problem: `${label} must be at least ${min} (it is ${value}).` };
  return { value };
}
