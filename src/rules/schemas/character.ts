/** A character document (GAME.md §2), carrying its cores and gear as embedded documents. */
import { z } from 'zod';
import { attributesSchema, documentFields, id, int, skillsSchema, text, homebrewField } from './common';
import { coreSchema } from './core';
import { blueprintSchema } from './blueprint';

/** A feature taken: catalogue id and how many times (default 1). */
export const characterFeatureSchema = z.looseObject({ id, times: int.optional() });

/** One step of the advancement log: the rank reached, when, and whether its points are spent. */
export const advancementSchema = z.looseObject({ rank: int, at: text, spent: z.boolean().optional() });

export const characterSchema = z.looseObject({
  kind: z.literal('character'),
  ...documentFields,
  concept: text.optional(),
  origin: text.optional(),
  /** Experience; the rank follows from it (never stored). */
  xp: int,
  attributes: attributesSchema,
  skills: skillsSchema,
  /** Default []. */
  features: z.array(characterFeatureSchema).default([]),
  /** Installed cores (full core documents). Default []. */
  cores: z.array(coreSchema).default([]),
  /** Carried gear (full blueprint documents, possibly with originId/originRevision). Default []. */
  gear: z.array(blueprintSchema).default([]),
  /** Id of the worn armour among `gear`. */
  armour: text.optional(),
  advancement: z.array(advancementSchema).optional(),
  /** Copies of the pack entries it uses, judged as taken (GAME.md §6). */
  homebrew: homebrewField,
});

export type CharacterInput = z.input<typeof characterSchema>;
export type Character = z.output<typeof characterSchema>;
