/** A core side effect of `content/data/core-side-effects.yml` (GAME.md §4). */
import { z } from 'zod';
import { int, kebab, text } from './common';

export const coreSideEffectEntrySchema = z.object({
  id: kebab,
  name: text.min(1, 'must not be empty'),
  /** Points given back to the core's budget. */
  refund: int.min(1, 'must be at least 1'),
  text,
});

export type CoreSideEffectEntryInput = z.input<typeof coreSideEffectEntrySchema>;
export type CoreSideEffectEntry = z.output<typeof coreSideEffectEntrySchema>;
