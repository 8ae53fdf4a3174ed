/**
 * What a weapon's features do to an attack line (issue 26), read from each
 * feature's `attack` data (content/data/blueprint-features.yml; SPEC.md
 * B10), so official and homebrew features count by the same code:
 *
 * 1. `skill`: the feature counts only on rolls with that skill (Smartlink and
 *    Smart Rounds: Firearms).
 * 2. `needsCyberware`: the wielder must carry cyberware with that feature
 *    (Smartlink: a Neural Jack); anyone else must crack its lock first, so
 *    the line says so and the pool stays as it is.
 * 3. `dice` joins the pool; `guardLess` makes the target's guard count that
 *    much less, never below 1, so the odds against Guard g are those of
 *    difficulty max(1, g − guardLess); `ignoresProtection` adds up over the
 *    features; `sparkDamage` adds damage to a hit with that many sparks.
 *    Each number counts once per rank.
 *
 * Features that depend on the moment rather than the weapon (Precision
 * Scope after aiming, Recoil Dampers on later attacks, an Underbarrel
 * Module's separate attack) have no `attack` data: their text says when.
 */
import type { AttackEffect, Blueprint, BlueprintFeatureEntry, Skill } from '../../rules/engine';

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

/** Does the character carry cyberware with this blueprint feature (rule 2)? */
export function carriesCyberware(gear: readonly Blueprint[], featureId: string): boolean {
  return gear.some((g) => g.type === 'cyberware' && g.features.some((f) => f.id === featureId));
}

/** "Overpressure Chamber: +2 damage with a spark", or the entry's own `line` with its numbers filled in. */
function lineOf(name: string, a: AttackEffect, n: { dice: number; guardLess: number; ignoresProtection: number; ranks: number; sparkDamage: SparkDamage[] }): string {
  if (a.line) return a.line.replace(/\{(dice|guardLess|ignoresProtection|ranks)\}/g, (_m, key: 'dice' | 'guardLess' | 'ignoresProtection' | 'ranks') => String(n[key]));
  const parts = [
    n.dice ? `+${n.dice} ${n.dice === 1 ? 'die' : 'dice'}` : '',
    n.guardLess ? `Guard −${n.guardLess}` : '',
    n.ignoresProtection ? `ignores ${n.ignoresProtection} protection` : '',
    ...n.sparkDamage.map((s) => `+${s.damage} damage with ${s.sparks === 1 ? 'a spark' : `${s.sparks} sparks`}`),
  ].filter(Boolean);
  return `${name}: ${parts.join(', ')}`;
}

/**
 * The effects of a weapon's features on an attack rolled with `skill`
 * (rules 1–3). `features` is the blueprint-feature catalogue the weapon is
 * judged by (official entries and the character's homebrew copies);
 * `carried` is what the wielder carries (for `needsCyberware`).
 */
export function weaponEffects(weapon: Blueprint, skill: Skill, carried: readonly Blueprint[], features: readonly BlueprintFeatureEntry[]): WeaponEffects {
  const out: WeaponEffects = { dice: 0, guardLess: 0, ignoresProtection: 0, sparkDamage: [], labels: [] };
  for (const f of weapon.features) {
    const entry = features.find((e) => e.id === f.id);
    const a = entry?.attack;
    if (!entry || !a || (a.skill && a.skill !== skill)) continue;
    if (a.needsCyberware && !carriesCyberware(carried, a.needsCyberware)) {
      const needed = features.find((e) => e.id === a.needsCyberware)?.name ?? a.needsCyberware;
      out.labels.push(`${entry.name} locked: no ${needed}`);
      continue;
    }
    const ranks = entry.maxRanks ? (f.ranks ?? 1) : 1;
    const n = {
      dice: (a.dice ?? 0) * ranks,
      guardLess: (a.guardLess ?? 0) * ranks,
      ignoresProtection: (a.ignoresProtection ?? 0) * ranks,
      ranks,
      sparkDamage: (a.sparkDamage ?? []).map((s) => ({ sparks: s.sparks, damage: s.damage * ranks })),
    };
    out.dice += n.dice;
    out.guardLess += n.guardLess;
    out.ignoresProtection += n.ignoresProtection;
    out.sparkDamage.push(...n.sparkDamage);
    out.labels.push(lineOf(entry.name, a, n));
  }
  return out;
}

/** The difficulty a roll must meet against Guard `guard` (rule 3). */
export const difficultyAgainst = (guard: number, guardLess: number) => Math.max(1, guard - guardLess);
