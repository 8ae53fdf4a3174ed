/**
 * A blueprint document (GAME.md §3): a weapon, armour, equipment, cyberware
 * or drone design. The schema checks shapes; `evaluate` checks ranges and
 * budgets, so an out-of-range design still loads and shows its issues.
 */
import { z } from 'zod';
import { BLUEPRINT_TYPES, RANGES, SLOTS } from '../constants';
import { documentFields, expected, id, int, names, text, homebrewField } from './common';

export const weaponPropertiesSchema = z.looseObject({ damage: int, range: names(RANGES), rate: int, bulk: int });
export const armourPropertiesSchema = z.looseObject({ protection: int, guard: int, bulk: int });
export const equipmentPropertiesSchema = z.looseObject({ uses: int, bulk: int });
/** Cyberware bulk is always 0; a missing bulk reads as 0. */
export const cyberwarePropertiesSchema = z.looseObject({ slot: names(SLOTS), strain: int, bulk: int.default(0) });
export const dronePropertiesSchema = z.looseObject({ frame: int, speed: int, bulk: int });

/** A blueprint feature taken: catalogue id, ranks (default 1) and chosen sub-feature option ids. */
export const blueprintFeatureChoiceSchema = z.looseObject({ id, ranks: int.optional(), subFeatures: z.array(id).optional() });

const common = {
  kind: z.literal('blueprint'),
  ...documentFields,
  /** Mk I–V: 1..5 (checked by evaluate). */
  rank: int,
  /** Default []. */
  features: z.array(blueprintFeatureChoiceSchema).default([]),
  /** Set on a copy embedded in a character: the id and revision it was copied from. */
  originId: text.optional(),
  originRevision: int.optional(),
  /** Copies of the pack entries it uses, judged as taken (GAME.md §6). */
  homebrew: homebrewField,
};

export const blueprintSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({ ...common, type: z.literal('weapon'), properties: weaponPropertiesSchema }),
    z.looseObject({ ...common, type: z.literal('armour'), properties: armourPropertiesSchema }),
    z.looseObject({ ...common, type: z.literal('equipment'), properties: equipmentPropertiesSchema }),
    z.looseObject({ ...common, type: z.literal('cyberware'), properties: cyberwarePropertiesSchema }),
    z.looseObject({ ...common, type: z.literal('drone'), properties: dronePropertiesSchema }),
  ],
  { error: expected(`one of ${BLUEPRINT_TYPES.join(', ')}`) },
);

export type BlueprintInput = z.input<typeof blueprintSchema>;
export type Blueprint = z.output<typeof blueprintSchema>;
export type BlueprintFeatureChoice = z.output<typeof blueprintFeatureChoiceSchema>;
