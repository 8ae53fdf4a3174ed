/** A blueprint feature of `content/data/blueprint-features.yml` (GAME.md §3). */
import { z } from 'zod';
import { BLUEPRINT_TYPES } from '../constants';
import { int, kebab, names, text } from './common';

/** A requirement on one of the blueprint's properties: numeric bounds and/or allowed names. */
export const requirementSchema = z.object({
  property: text,
  min: int.optional(),
  max: int.optional(),
  oneOf: z.array(text).optional(),
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
  text,
});

export type BlueprintFeatureEntryInput = z.input<typeof blueprintFeatureEntrySchema>;
export type BlueprintFeatureEntry = z.output<typeof blueprintFeatureEntrySchema>;
