/** A core document (GAME.md §4): an implanted power built from catalogue effects. */
import { z } from 'zod';
import { ACTIVATIONS, CORE_RANGES, DISCIPLINES, DURATIONS } from '../constants';
import { documentFields, id, int, names, text, homebrewField } from './common';

const keysOf = (o: object) => Object.keys(o) as [string, ...string[]];

/** An effect chosen: catalogue id and potency (1..the effect's maxPotency, checked by evaluate). */
export const coreEffectChoiceSchema = z.looseObject({ id, potency: int });

export const coreSchema = z.looseObject({
  kind: z.literal('core'),
  ...documentFields,
  /** 1..5 (checked by evaluate). */
  tier: int,
  discipline: names(DISCIPLINES),
  activation: names(keysOf(ACTIVATIONS) as ['action', 'reaction', 'passive']),
  range: names(keysOf(CORE_RANGES) as ['self', 'touch', 'near', 'far']),
  duration: names(keysOf(DURATIONS) as ['instant', 'scene', 'sustained']),
  /** Default []. */
  effects: z.array(coreEffectChoiceSchema).default([]),
  /** Side-effect catalogue ids. Default []. */
  sideEffects: z.array(id).default([]),
  originId: text.optional(),
  originRevision: int.optional(),
  /** Copies of the pack entries it uses, judged as taken (GAME.md §6). */
  homebrew: homebrewField,
});

export type CoreInput = z.input<typeof coreSchema>;
export type Core = z.output<typeof coreSchema>;
