/**
 * Building blocks shared by every schema: whole numbers, ids, enums and the
 * fields every saved document carries (GAME.md §6). Messages are written to
 * follow a field path: `attributes.frame: expected a whole number`.
 */
import '../../config/zod';
import { z } from 'zod';
import { ATTRIBUTES, SKILL_NAMES } from '../constants';
import { SCHEMA_VERSION } from '../basics';
import type { Homebrew } from './pack';

export { SCHEMA_VERSION };
// Kept with the zod-free values (basics.ts), so the editors make new documents without zod.
export { newDocumentFields } from '../basics';

/** "is required" when the field is missing, `expected …` otherwise. */
export const expected = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `expected ${what}`);

export const int = z.int({ error: expected('a whole number') });
export const text = z.string({ error: expected('text') });
export const id = z.string({ error: expected('an id') }).min(1, 'must not be empty');
export const kebab = z
  .string({ error: expected('an id') })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case (lower-case words joined by hyphens, e.g. armour-piercing)');

/** An enum whose message lists the allowed names. */
export const names = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: expected(`one of ${values.join(', ')}`) });

export const attributesSchema = z.looseObject(
  Object.fromEntries(ATTRIBUTES.map((a) => [a, int])) as Record<(typeof ATTRIBUTES)[number], typeof int>,
);
export const skillsSchema = z.looseObject(
  Object.fromEntries(SKILL_NAMES.map((s) => [s, int])) as Record<(typeof SKILL_NAMES)[number], typeof int>,
);

/**
 * Fields every saved document carries. Unknown fields are kept by every
 * document schema (`z.looseObject`), so a newer editor's extra data survives.
 */
export const documentFields = {
  id,
  /** Current: SCHEMA_VERSION (1). `migrateDocument` brings older ones up. */
  schemaVersion: int,
  name: text,
  /** ISO date-time strings. */
  createdAt: text,
  updatedAt: text,
  /** Free text. */
  notes: text.optional(),
  /** Free labels; migration from version 0 adds `[]`. */
  tags: z.array(text).optional(),
};

/**
 * The schema of a document's `homebrew` copies (pack.ts). Pack entries hold
 * blueprints and creatures, whose schemas hold `homebrew`: so pack.ts, which
 * loads after them, hands its schema in here, and the field reads it at parse
 * time. `schemas/index.ts` loads pack.ts, so every parser has it.
 */
const homebrewSchemaHolder: { schema?: z.ZodType<Homebrew> } = {};
export function provideHomebrewSchema(schema: z.ZodType<Homebrew>): void {
  homebrewSchemaHolder.schema = schema;
}
/** A document's copies of the pack entries it uses (GAME.md §6; SPEC.md P4). Absent: it uses none. */
export const homebrewField = z
  .lazy((): z.ZodType<Homebrew> => {
    if (!homebrewSchemaHolder.schema) throw new Error('schemas/pack.ts was not loaded: import the schemas from schemas/index.ts.');
    return homebrewSchemaHolder.schema;
  })
  .optional();
