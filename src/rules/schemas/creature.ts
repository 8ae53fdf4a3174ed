/** A creature document (GAME.md §5): a stat block for the game master. */
import { z } from 'zod';
import { CREATURE_KINDS, RANGES } from '../constants';
import { attributesSchema, documentFields, id, int, names, skillsSchema, text, homebrewField } from './common';

/** A property chosen: catalogue id and potency (only for properties that have one; default 1). */
export const creaturePropertyChoiceSchema = z.looseObject({ id, potency: int.optional() });
export const attackSchema = z.looseObject({ name: text, damage: int, range: names(RANGES) });

export const creatureSchema = z.looseObject({
  kind: z.literal('creature'),
  ...documentFields,
  creatureKind: names(CREATURE_KINDS),
  /** The chosen threat rank 1..10; Health and Guard use it. */
  threatRank: int,
  attributes: attributesSchema,
  /** Any of the 12 skills; a missing skill is rank 0. Default {}. */
  skills: skillsSchema.partial().default({}),
  /** Default []. */
  properties: z.array(creaturePropertyChoiceSchema).default([]),
  /** Default []. */
  attacks: z.array(attackSchema).default([]),
  /** Copies of the pack entries it uses, judged as taken (GAME.md §6). */
  homebrew: homebrewField,
});

export type CreatureInput = z.input<typeof creatureSchema>;
export type Creature = z.output<typeof creatureSchema>;
