/** A character feature (talent) of `content/data/features.yml` (GAME.md §2). */
import { z } from 'zod';
import { TREES } from '../constants';
import { expected, int, kebab, names, text } from './common';

export const featureEntrySchema = z.object({
  id: kebab,
  name: text.min(1, 'must not be empty'),
  tree: names(TREES),
  /** 1, 2 or 3: minimum character rank 1, 4, 7. */
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: expected('1, 2 or 3') }),
  /** Feature ids the character must hold first. Default []. */
  prerequisites: z.array(kebab).default([]),
  /** How many times it may be taken. Default 1. */
  maxTimes: int.min(1, 'must be at least 1').default(1),
  /** Rules text (Markdown). */
  text,
});

export type FeatureEntryInput = z.input<typeof featureEntrySchema>;
export type FeatureEntry = z.output<typeof featureEntrySchema>;
