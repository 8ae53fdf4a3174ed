/**
 * A creature's attack pools and their exact chances to hit (GAME.md §1, the
 * combat rules page): an attack is a Pulse roll against the target's Guard;
 * melee attacks roll Frame + Brawl, every other range Reflex + Firearms.
 * The chances come from the rules engine's exact dice maths, never simulation.
 */
import { MAX_POOL, probabilityAtLeast, type Attribute, type Creature, type Skill } from '../../rules/engine';

/** The Guards the summary shows (the named difficulties 1–6). */
export const GUARDS = [1, 2, 3, 4, 5, 6] as const;

export type Attack = Creature['attacks'][number];

export interface AttackPool {
  attribute: Attribute;
  skill: Skill;
  /** attribute + skill rank, at least 1 die, at most the engine's 30. */
  pool: number;
  /** P(hits ≥ Guard) for Guard 1..6, without and with edge. */
  chances: { guard: number; chance: number; edge: number }[];
}

/** Which attribute and skill an attack of this range rolls. */
export function attackRoll(range: Attack['range']): { attribute: Attribute; skill: Skill } {
  return range === 'melee' ? { attribute: 'frame', skill: 'brawl' } : { attribute: 'reflex', skill: 'firearms' };
}

/** Chances to score at least each Guard with `pool` dice. */
export function chancesToHit(pool: number): AttackPool['chances'] {
  const p = Math.min(MAX_POOL, Math.max(1, Math.round(pool)));
  return GUARDS.map((guard) => ({ guard, chance: probabilityAtLeast(p, guard), edge: probabilityAtLeast(p, guard, true) }));
}

export function attackPool(c: Creature, attack: Attack): AttackPool {
  const { attribute, skill } = attackRoll(attack.range);
  const raw = (c.attributes[attribute] ?? 0) + (c.skills[skill] ?? 0);
  const pool = Math.min(MAX_POOL, Math.max(1, raw));
  return { attribute, skill, pool, chances: chancesToHit(pool) };
}

/** Chances print one way in every editor (kit/odds.ts): "33%", "<1%", ">99%". */
export { formatOdds as percent } from '../kit/odds';
