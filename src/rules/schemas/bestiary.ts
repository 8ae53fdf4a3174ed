/** A bestiary creature of `content/data/creatures.yml`: a creature document plus a description. */
import { z } from 'zod';
import { creatureSchema } from './creature';
import { text } from './common';

export const bestiaryEntrySchema = creatureSchema.extend({ description: text });

export type BestiaryEntryInput = z.input<typeof bestiaryEntrySchema>;
export type BestiaryEntry = z.output<typeof bestiaryEntrySchema>;
