/** A blueprint feature of `content/data/blueprint-features.yml` (GAME.md §3). */
import { z } from 'zod';
import { BLUEPRINT_TYPES, SKILL_NAMES, type Skill } from '../constants';
import { expected, int, kebab, names, text } from './common';

/** A requirement on one of the blueprint's properties: numeric bounds and/or allowed names. */
export const requirementSchema = z.object({
  property: text,
  min: int.optional(),
  max: int.optional(),
  oneOf: z.array(text).optional(),
});

/**
 * What a weapon feature does to an attack rolled with the weapon (SPEC.md
 * B10): the character sheet's attack line and an encounter hero's attacks
 * read it, for official and homebrew features alike. Every number counts
 * once per rank (once without ranks).
 */
export const attackEffectSchema = z.object({
  /** Only on rolls with this skill (a melee weapon rolls Brawl, any other Firearms). */
  skill: z.enum(SKILL_NAMES as [Skill, ...Skill[]], { error: expected(`one of ${SKILL_NAMES.join(', ')}`) }).optional(),
  /** Dice added to the pool. */
  dice: int.min(0, 'must be 0 or more').optional(),
  /** How much less the target's Guard counts (never below 1). */
  guardLess: int.min(0, 'must be 0 or more').optional(),
  /** Protection each hit ignores. */
  ignoresProtection: int.min(0, 'must be 0 or more').optional(),
  /** Damage added to a hit with at least `sparks` sparks. */
  sparkDamage: z.array(z.object({ sparks: int.min(1, 'must be at least 1'), damage: int.min(1, 'must be at least 1') })).optional(),
  /** A blueprint feature the wielder's cyberware must have; without it the weapon is locked and the line says so. */
  needsCyberware: kebab.optional(),
  /** The line's words when the feature's name and numbers are not enough: `{dice}`, `{guardLess}`, `{ignoresProtection}`, `{ranks}` are filled in. */
  line: text.optional(),
});

export const subFeatureOptionSchema = z.object({ id: kebab, name: text, cost: int.min(0, 'must be 0 or more'), text });

export const blueprintFeatureEntrySchema = z.object({
  id: kebab,
  name: text.min(1, 'must not be empty'),
  type: names(BLUEPRINT_TYPES),
  /** Build points; per rank when `maxRanks` is set. */
  cost: int.min(0, 'must be 0 or more'),
  /** When set, the feature is taken at ranks 1..maxRanks and `cost` is per rank. */
  maxRanks: int.min(1, 'must be at least 1').optional(),
  requires: z.array(requirementSchema).optional(),
  /** Feature ids that cannot be on the same blueprint. */
  excludes: z.array(kebab).optional(),
  subFeatures: z
    .object({
      choose: z.union([z.object({ exactly: int.min(0) }), z.object({ upTo: int.min(1) })], {
        error: 'expected { exactly: n } or { upTo: n }',
      }),
      options: z.array(subFeatureOptionSchema).min(1, 'needs at least one option'),
    })
    .optional(),
  /** What it does to an attack with the weapon; absent: nothing the attack line counts (its text says when it applies). */
  attack: attackEffectSchema.optional(),
  text,
});

export type BlueprintFeatureEntryInput = z.input<typeof blueprintFeatureEntrySchema>;
export type BlueprintFeatureEntry = z.output<typeof blueprintFeatureEntrySchema>;
export type AttackEffect = z.output<typeof attackEffectSchema>;
