/** A standard gear item of `content/data/gear/*.yml`: a blueprint document plus a description. */
import { z } from 'zod';
import { blueprintSchema } from './blueprint';
import { text } from './common';

export const gearEntrySchema = z.intersection(blueprintSchema, z.looseObject({ description: text }));

export type GearEntryInput = z.input<typeof gearEntrySchema>;
export type GearEntry = z.output<typeof gearEntrySchema>;
