/**
 * Dice at a glance: for every skill, its pool and the exact chance of
 * success at difficulties 1–6, with and without edge, from the rules
 * engine's dice maths (GAME.md §1; no simulation).
 *
 * The Reflex penalty for carrying more than the bulk limit (GAME.md §2,
 * −1 die on Reflex rolls) is applied to the Reflex skills, because that is
 * the pool the player will actually roll at the table.
 */
import { DIFFICULTIES, SKILL_NAMES, SKILLS, probabilityAtLeast, skillPool, type Attribute, type Character, type Skill } from '../../rules/engine';

export const GLANCE_DIFFICULTIES = [1, 2, 3, 4, 5, 6] as const;

export interface SkillOdds {
  skill: Skill;
  attribute: Attribute;
  rank: number;
  /** Dice rolled: governing attribute + rank, minus the bulk penalty on Reflex skills, never below 1. */
  pool: number;
  /** True when the pool lost a die to carrying too much. */
  bulkPenalty: boolean;
  /** P(hits ≥ d) for d = 1…6. */
  plain: readonly number[];
  /** The same with edge. */
  edge: readonly number[];
}

/**
 * P(hits ≥ 1…6) for one pool and mode, computed once per page. A change to
 * a character re-deals at most a few pools, yet the editor and the printed
 * sheet ask for 12 rows × 12 chances on every change; the engine copies its
 * cached distribution on each call, so asking it 288 times per change cost
 * about a millisecond. Pools are 1–11 (MAX_CHARACTER_POOL), so this holds
 * at most 22 short arrays. The arrays are shared: callers only read them.
 */
const chances = new Map<number, readonly number[]>();
export function chancesFor(pool: number, edge: boolean): readonly number[] {
  const key = edge ? -pool : pool;
  let row = chances.get(key);
  if (!row) {
    row = Object.freeze(GLANCE_DIFFICULTIES.map((d) => probabilityAtLeast(pool, d, edge)));
    chances.set(key, row);
  }
  return row;
}

export function skillOdds(character: Pick<Character, 'attributes' | 'skills'>, skill: Skill, overBulk = false): SkillOdds {
  const attribute = SKILLS[skill];
  const penalty = overBulk && attribute === 'reflex';
  const pool = Math.max(1, skillPool(character, skill) - (penalty ? 1 : 0));
  return {
    skill,
    attribute,
    rank: character.skills[skill],
    pool,
    bulkPenalty: penalty,
    plain: chancesFor(pool, false),
    edge: chancesFor(pool, true),
  };
}

/** The whole table, one row per skill in the rules' order. */
export function diceAtAGlance(character: Pick<Character, 'attributes' | 'skills'>, overBulk = false): SkillOdds[] {
  return SKILL_NAMES.map((s) => skillOdds(character, s, overBulk));
}

/** The largest pool a character can roll: attribute 6 + skill 5. */
export const MAX_CHARACTER_POOL = 11;

/**
 * Fills the chance rows (and the engine's distribution cache) for every
 * pool a character can roll. The first convolutions run in V8's interpreter
 * and cost tens of milliseconds together; done once in idle time, every
 * later table is 24 look-ups.
 */
export function warmDice(): void {
  for (let pool = 1; pool <= MAX_CHARACTER_POOL; pool++) {
    chancesFor(pool, false);
    chancesFor(pool, true);
  }
}

/**
 * A chance as a player reads it: whole percent, but never "0%" or "100%"
 * for something that can still happen or fail ("<1%", ">99%").
 */
/** Chances print one way in every editor (kit/odds.ts). */
export { formatOdds as formatChance } from '../kit/odds';

/** "Tricky (2)" — the named step of a difficulty. */
export const difficultyName = (d: number) => `${DIFFICULTIES[d - 1] ?? 'Difficulty'} (${d})`;
