/**
 * Parsing and migrating documents at a boundary (files, storage, imports).
 * M1 A document without `schemaVersion` is version 0: it gains `tags: []` and
 *    becomes version 1; every other field, known or not, is kept.
 * M2 A newer version than this code knows is refused with a plain sentence.
 */
import type { z } from 'zod';
import { documentSchema, SCHEMA_VERSION, type NucleusDocument } from './schemas';
import { RulesError } from './errors';

function firstIssue(error: z.ZodError): RulesError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).join('.');
  return new RulesError(path, issue.message);
}

/** Parses a document of any kind; throws RulesError naming the first bad field. */
export function parseDocument(value: unknown): NucleusDocument {
  const r = documentSchema.safeParse(value);
  if (!r.success) throw firstIssue(r.error);
  return r.data as NucleusDocument;
}

/** Every problem of a document's shape, as `path: message` (import reports). */
export function documentProblems(value: unknown): { path: string; message: string }[] {
  const r = documentSchema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Brings an older document to the current schema version, keeping every field. */
export function migrateDocument(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new RulesError('', 'a document must be a JSON object');
  const doc = { ...(value as Record<string, unknown>) };
  const version = doc.schemaVersion === undefined ? 0 : doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new RulesError('schemaVersion', 'must be a whole number');
  }
  if (version > SCHEMA_VERSION) {
    throw new RulesError(
      'schemaVersion',
      `this document was made by a newer version of Nucleus (schema ${version}; this one reads up to ${SCHEMA_VERSION}). Reload the page to update Nucleus, then open it again.`,
    );
  }
  if (version < 1) {
    if (!Array.isArray(doc.tags)) doc.tags = [];
    doc.schemaVersion = 1;
  }
  // Embedded documents migrate with their character.
  for (const key of ['cores', 'gear'] as const) {
    if (Array.isArray(doc[key])) doc[key] = (doc[key] as unknown[]).map((d) => (d && typeof d === 'object' ? migrateDocument(d) : d));
  }
  return doc;
}

/** Migrate, then parse. */
export function loadDocument(value: unknown): NucleusDocument {
  return parseDocument(migrateDocument(value));
}
