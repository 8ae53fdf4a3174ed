/**
 * An encounter document (GAME.md §6, §7): the game master's fight, built and
 * run. Each creature row and hero carries a snapshot of the values the maths
 * needs, so a share link, print and an offline device work without the
 * bestiary or the player's other documents. The running fight lives in
 * `fight` and is saved like any other field, so a reload resumes the turn.
 */
import { z } from 'zod';
import { CREATURE_KINDS } from '../constants';
import { documentFields, homebrewField, id, int, names, text } from './common';

/** Protection a hit ignores: a number of points, or 'all' (GAME.md §7). */
export const ignoresProtectionSchema = z.union([int, z.literal('all')], { error: "expected a whole number or 'all'" });

/** One attack as the odds need it: pool, damage, rate and protection ignored. */
export const encounterAttackSchema = z.looseObject({
  name: text,
  pool: int,
  damage: int,
  /** Attacks per round (a weapon's rate; a creature's attack is 1). Default 1. */
  rate: int.default(1),
  /** Default 0. */
  ignoresProtection: ignoresProtectionSchema.default(0),
  /** The weapon's range, shown beside the attack. */
  range: text.optional(),
});

/** What the maths needs of a creature (from the bestiary or a creature document). */
export const creatureSnapshotSchema = z.looseObject({
  name: text,
  creatureKind: names(CREATURE_KINDS),
  /** The chosen threat rank (GAME.md §5: threat counts the chosen one). */
  threatRank: int,
  health: int,
  guard: int,
  protection: int,
  reflex: int,
  logic: int,
  /** Initiative pool = Reflex + Logic (+ modifiers). */
  initiative: int,
  attacks: z.array(encounterAttackSchema).default([]),
  /** The creature's property tags (for the picker's filter). Default []. */
  tags: z.array(text).default([]),
});

/** What the maths needs of a hero (a character document or a quick entry). */
export const heroSnapshotSchema = z.looseObject({
  name: text,
  rank: int,
  reflex: int,
  logic: int,
  guard: int,
  health: int,
  protection: int,
  strainCapacity: int,
  /** Initiative pool = Reflex + Logic (+ modifiers such as Quick Draw). */
  initiative: int,
  attacks: z.array(encounterAttackSchema).default([]),
});

export const encounterCreatureSchema = z.looseObject({
  /** This row's id within the encounter. */
  id,
  /** Where the creature came from: a bestiary entry or one of the player's creature documents. */
  source: z.looseObject({ kind: names(['bestiary', 'creature'] as const), id }),
  /** Copies of this creature. */
  count: int,
  snapshot: creatureSnapshotSchema,
});

export const encounterHeroSchema = z.looseObject({
  id,
  /**
   * A character document, or a hero typed in as a quick entry. A character
   * shared in a campaign names the campaign (`campaign`, its id): the hero
   * is that member's character by id, and its snapshot follows the shared copy.
   */
  source: z.discriminatedUnion('kind', [z.looseObject({ kind: z.literal('character'), id, campaign: id.optional() }), z.looseObject({ kind: z.literal('quick') })], {
    error: "expected a source of kind 'character' or 'quick'",
  }),
  snapshot: heroSnapshotSchema,
});

/** A die of an initiative roll as rolled: its face, and why it was rolled. */
export const rolledDieSchema = z.looseObject({
  face: int,
  from: names(['pool', 'overcharge', 'edge'] as const),
  /** True for an original die the edge rerolled: it no longer counts. */
  rerolled: z.boolean().optional(),
});

export const initiativeSchema = z.looseObject({
  hits: int,
  /** The dice, in the order rolled; absent when the hits were typed from physical dice. */
  dice: z.array(rolledDieSchema).optional(),
  edge: z.boolean().optional(),
});

export const combatantSchema = z.looseObject({
  id,
  name: text,
  side: names(['hero', 'creature'] as const),
  /** The party or creature row this combatant is a copy of. */
  entry: id,
  /** The place the game master listed it in (the last tie-break of the order). */
  listed: int,
  reflex: int,
  initiative: initiativeSchema.optional(),
  health: int,
  maxHealth: int,
  protection: int,
  strain: int.default(0),
  /** Zero for a creature. */
  strainCapacity: int.default(0),
  note: text.default(''),
  /** Rounds the note has left; absent: the note stays until removed. */
  countdown: int.optional(),
  /** Round the combatant joined in (1 for those there from the start). */
  joined: int.default(1),
});

export const fightSchema = z.looseObject({
  /** 1 from the first round. */
  round: int,
  /** Index in `order` of the combatant whose turn it is. */
  turn: int,
  /** Combatant ids in initiative order; it holds for the whole fight (delays move one). */
  order: z.array(id),
  combatants: z.array(combatantSchema),
});

export const encounterSchema = z.looseObject({
  kind: z.literal('encounter'),
  ...documentFields,
  /** Default []. */
  creatures: z.array(encounterCreatureSchema).default([]),
  /** Default []. */
  party: z.array(encounterHeroSchema).default([]),
  /** Absent until initiative is rolled. */
  fight: fightSchema.optional(),
  /**
   * True when a share link had to leave out the attacks and the running fight
   * to fit (storage/share.ts): the snapshots' attacks are empty until the
   * editor fills them in again from the rows' sources.
   */
  referencesOnly: z.boolean().optional(),
  /** Copies of the pack creatures its rows came from (GAME.md §6); the rows' snapshots carry their numbers. */
  homebrew: homebrewField,
});

export type EncounterAttack = z.output<typeof encounterAttackSchema>;
export type CreatureSnapshot = z.output<typeof creatureSnapshotSchema>;
export type HeroSnapshot = z.output<typeof heroSnapshotSchema>;
export type EncounterCreature = z.output<typeof encounterCreatureSchema>;
export type EncounterHero = z.output<typeof encounterHeroSchema>;
export type RolledDie = z.output<typeof rolledDieSchema>;
export type Initiative = z.output<typeof initiativeSchema>;
export type Combatant = z.output<typeof combatantSchema>;
export type Fight = z.output<typeof fightSchema>;
export type EncounterInput = z.input<typeof encounterSchema>;
export type Encounter = z.output<typeof encounterSchema>;
