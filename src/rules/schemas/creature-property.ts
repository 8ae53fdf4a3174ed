/**
 * A creature property of `content/data/creature-properties.yml` (GAME.md §5).
 * Design rule K5 (SPEC.md): with potency p the threat and every modifier are
 * multiplied by p; a property without a `potency` field counts p = 1.
 */
import { z } from 'zod';
import { int, kebab, text } from './common';

export const creaturePropertyEntrySchema = z.object({
  id: kebab,
  name: text.min(1, 'must not be empty'),
  /** Threat value added (× potency). */
  threat: int.min(0, 'must be 0 or more'),
  /** When present, a creature takes the property at potency 1..max. */
  potency: z.object({ max: int.min(1, 'must be at least 1') }).optional(),
  /** Added to the creature's derived values (× potency). */
  modifiers: z.object({ protection: int.optional(), guard: int.optional(), health: int.optional() }).optional(),
  /** Labels for the property browser's filters. */
  tags: z.array(text),
  text,
});

export type CreaturePropertyEntryInput = z.input<typeof creaturePropertyEntrySchema>;
export type CreaturePropertyEntry = z.output<typeof creaturePropertyEntrySchema>;
