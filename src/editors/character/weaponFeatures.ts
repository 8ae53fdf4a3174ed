/**
 * The weapon features that change an attack line (issue 26). GAME.md §3
 * leaves each feature's effect to its catalogue text
 * (`content/data/blueprint-features.yml`); these are the ones whose text
 * changes the pool, the Guard to beat or the damage, read as written:
 *
 * 1. Smartlink: +1 die on Firearms rolls with the weapon for a wielder with
 *    a Neural Jack (a carried cyberware with that feature). Anyone else must
 *    crack its lock first (a Hard (3) Hacking roll): the line says so and
 *    the pool stays as it is.
 * 2. Smart Rounds: the target's guard counts 1 less on Firearms rolls with
 *    the weapon, never below 1, so the odds against Guard g are those of
 *    difficulty max(1, g − 1).
 * 3. Armour-Piercing Rounds (1 per rank) and Monofilament Edge (1): each hit
 *    ignores that much protection; the two add up.
 * 4. Overpressure Chamber: a hit with at least one spark deals 2 more damage;
 *    Monofilament Edge: a hit with two or more sparks deals 2 more.
 *
 * Features that depend on the moment rather than the weapon (Precision
 * Scope after aiming, Recoil Dampers on later attacks, an Underbarrel
 * Module's separate attack) stay off the line: their text says when.
 */
import type { Blueprint, Skill } from '../../rules/engine';

export const NEURAL_JACK = 'neural-jack';

export interface SparkDamage {
  /** Sparks the hit needs (hits above the Guard). */
  sparks: number;
  /** Damage added to that hit. */
  damage: number;
}

export interface WeaponEffects {
  /** Dice added to the pool (before the floor of 1 die). */
  dice: number;
  /** How much less the target's guard counts (§2: never below 1). */
  guardLess: number;
  /** Protection each hit ignores. */
  ignoresProtection: number;
  sparkDamage: SparkDamage[];
  /** What the line shows for each feature that applies: "Smartlink +1 die". */
  labels: string[];
}

/** Does the character carry cyberware with a Neural Jack (rule 1)? */
export function hasNeuralJack(gear: readonly Blueprint[]): boolean {
  return gear.some((g) => g.type === 'cyberware' && g.features.some((f) => f.id === NEURAL_JACK));
}

/** The effects of a weapon's features on an attack rolled with `skill` (rules 1–4). */
export function weaponEffects(weapon: Blueprint, skill: Skill, neuralJack: boolean): WeaponEffects {
  const out: WeaponEffects = { dice: 0, guardLess: 0, ignoresProtection: 0, sparkDamage: [], labels: [] };
  const firearms = skill === 'firearms';
  for (const f of weapon.features) {
    const ranks = f.ranks ?? 1;
    if (f.id === 'smartlink' && firearms) {
      if (neuralJack) {
        out.dice += 1;
        out.labels.push('Smartlink +1 die');
      } else out.labels.push('Smartlink locked: no Neural Jack');
    } else if (f.id === 'smart-rounds' && firearms) {
      out.guardLess += 1;
      out.labels.push('Smart Rounds: Guard −1');
    } else if (f.id === 'armour-piercing') {
      out.ignoresProtection += ranks;
      out.labels.push(`Armour-Piercing: ignores ${ranks} protection`);
    } else if (f.id === 'monofilament-edge') {
      out.ignoresProtection += 1;
      out.sparkDamage.push({ sparks: 2, damage: 2 });
      out.labels.push('Monofilament Edge: ignores 1 protection, +2 damage with 2 sparks');
    } else if (f.id === 'overpressure-chamber') {
      out.sparkDamage.push({ sparks: 1, damage: 2 });
      out.labels.push('Overpressure Chamber: +2 damage with a spark');
    }
  }
  return out;
}

/** The difficulty a roll must meet against Guard `guard` (rule 2). */
export const difficultyAgainst = (guard: number, guardLess: number) => Math.max(1, guard - guardLess);
