/** A core effect of `content/data/core-effects.yml` (GAME.md §4). */
import { z } from 'zod';
import { DISCIPLINES } from '../constants';
import { int, kebab, names, text } from './common';

export const coreEffectEntrySchema = z.object({
  id: kebab,
  name: text.min(1, 'must not be empty'),
  /** A core of another discipline pays +1 for this effect. */
  discipline: names(DISCIPLINES),
  baseCost: int.min(0, 'must be 0 or more'),
  /** Potency runs 1..maxPotency. */
  maxPotency: int.min(1, 'must be at least 1'),
  /** Cost of each potency step above 1. */
  costPerPotency: int.min(0, 'must be 0 or more'),
  /** Rules text naming the potency as `{potency}` or `{potency*N}` (see renderEffectText). */
  template: text,
});

export type CoreEffectEntryInput = z.input<typeof coreEffectEntrySchema>;
export type CoreEffectEntry = z.output<typeof coreEffectEntrySchema>;

export { renderEffectText } from '../basics';
