/**
 * A pack (GAME.md §6; SPEC.md P1–P12): a game master's homebrew, a document
 * of its own whose entries are the official catalogue kinds, each checked by
 * exactly its official entry schema. A document that uses pack entries keeps
 * copies of them in its `homebrew` field (the same lists, only the entries
 * used), so it is judged by the entry as taken even when the pack changes.
 */
import { z } from 'zod';
import { documentFields, id, int, kebab, provideHomebrewSchema, text } from './common';
import { featureEntrySchema } from './feature';
import { blueprintFeatureEntrySchema } from './blueprint-feature';
import { coreEffectEntrySchema } from './core-effect';
import { coreSideEffectEntrySchema } from './core-side-effect';
import { creaturePropertyEntrySchema } from './creature-property';
import { gearEntrySchema } from './gear';
import { bestiaryEntrySchema } from './bestiary';
import { emptyPackEntries, packLimitProblems, type PackEntryKind } from '../packLimits';

export type { PackEntryKind } from '../packLimits';

/** Where an entry came from: an official entry it copies, or one of the author's documents as it was then. */
export const packOriginSchema = z.union([z.looseObject({ official: kebab }), z.looseObject({ document: id, updatedAt: text })], {
  error: 'expected { official: id } or { document: id, updatedAt }',
});

/**
 * What every pack entry adds to its official entry: who may see it, and
 * where it came from. Its id is kebab-case for every kind (gear and creatures
 * included), so `<packId>/<entryId>` is never an official id (P2).
 */
const packFields = (gmOnlyByDefault: boolean) => z.looseObject({ gmOnly: z.boolean().default(gmOnlyByDefault), origin: packOriginSchema.optional() });
/** Gear and creatures are documents, whose ids may be any text: in a pack, kebab-case too. */
const packDocumentFields = (gmOnlyByDefault: boolean) => packFields(gmOnlyByDefault).extend({ id: kebab });

/** The entry lists of a pack, one per catalogue kind; each entry is exactly its official kind's entry. */
export const packEntriesSchema = z.looseObject({
  gear: z.array(gearEntrySchema.and(packDocumentFields(false))).default([]),
  creatures: z.array(bestiaryEntrySchema.and(packDocumentFields(true))).default([]),
  features: z.array(featureEntrySchema.and(packFields(false))).default([]),
  blueprintFeatures: z.array(blueprintFeatureEntrySchema.and(packFields(false))).default([]),
  coreEffects: z.array(coreEffectEntrySchema.and(packFields(false))).default([]),
  coreSideEffects: z.array(coreSideEffectEntrySchema.and(packFields(false))).default([]),
  creatureProperties: z.array(creaturePropertyEntrySchema.and(packFields(false))).default([]),
});

export const changelogLineSchema = z.looseObject({ version: int.min(1, 'must be at least 1'), text });

export const packSchema = z
  .looseObject({
    kind: z.literal('pack'),
    ...documentFields,
    description: text.default(''),
    author: text.default(''),
    credits: text.default(''),
    /** The published version: 0 while never published, then 1 more at each publication. */
    version: int.min(0, 'must be 0 or more').default(0),
    /** One line per publication, newest last. */
    changelog: z.array(changelogLineSchema).default([]),
    entries: packEntriesSchema.default(emptyPackEntries),
  })
  .superRefine((pack, ctx) => {
    for (const problem of packLimitProblems(pack)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message, input: pack });
  });

/**
 * One pack's copies of the entries a document uses: its id, name and the
 * version they were taken at, and only those entries.
 */
export const homebrewPackSchema: z.ZodType<HomebrewPack> = z.looseObject({
  id,
  name: text,
  version: int.min(0, 'must be 0 or more'),
  entries: packEntriesSchema.default(emptyPackEntries),
});

/** A document's copies of the pack entries it uses (GAME.md §6). */
export const homebrewSchema: z.ZodType<Homebrew> = z.looseObject({ packs: z.array(homebrewPackSchema).default([]) });
provideHomebrewSchema(homebrewSchema);

export type PackOrigin = z.output<typeof packOriginSchema>;
export type PackEntries = z.output<typeof packEntriesSchema>;
export type PackEntriesInput = z.input<typeof packEntriesSchema>;
/** One entry of a pack list, with its pack fields. */
export type PackEntry<K extends PackEntryKind = PackEntryKind> = PackEntries[K][number];
export type ChangelogLine = z.output<typeof changelogLineSchema>;
export type PackInput = z.input<typeof packSchema>;
export type Pack = z.output<typeof packSchema>;
/** One pack's entries as a document took them (interfaces, so the document schemas can name them without a cycle). */
export interface HomebrewPack {
  /** The pack document's id. */
  id: string;
  name: string;
  /** The published version the entries were taken at (0: a draft of one's own). */
  version: number;
  entries: PackEntries;
}
export interface Homebrew {
  packs: HomebrewPack[];
}
