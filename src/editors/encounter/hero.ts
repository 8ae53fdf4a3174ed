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
