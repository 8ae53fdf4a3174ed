/**
 * Parsing and migrating documents at a boundary (files, storage, imports).
 * M1 A document without `schemaVersion` is version 0: it gains `tags: []` and
 *    becomes version 1; every other field, known or not, is kept. Embedded
 *    cores and gear migrate with their character.
 * M2 A newer or unknown version is refused with a plain sentence.
 * M3 `parseDocument` throws a RulesError naming the first bad field's path.
 */
import type { z } from 'zod';
import { documentSchema, SCHEMA_VERSION, type NucleusDocument } from './schemas';
import { RulesError } from './errors';

function problem(issue: z.core.$ZodIssue): RulesError {
  return new RulesError(issue.path.map(String).join('.'), issue.message);
}

/**
 * Parses a document of any kind (current schema version).
 * @throws RulesError naming the first bad field, e.g. `attributes.frame: expected a whole number`.
 */
export function parseDocument(value: unknown): NucleusDocument {
  const r = documentSchema.safeParse(value);
  if (!r.success) throw problem(r.error.issues[0]!);
  return r.data;
}

/** Every problem of a document's shape, as `{ path, message }` (for import reports). */
export function documentProblems(value: unknown): { path: string; message: string }[] {
  const r = documentSchema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/**
 * Brings a document of any older schema version to the current one, keeping
 * every field (known or not). Returns a new object; the input is not changed.
 * @throws RulesError (a plain sentence) for a newer or unreadable version.
 */
export function migrateDocument(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new RulesError('', 'A document must be a JSON object.', { sentence: true });
  }
  const doc: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const version = doc.schemaVersion === undefined ? 0 : doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new RulesError('schemaVersion', `This document has an unknown schema version (${JSON.stringify(version)}), so Nucleus cannot read it.`, { sentence: true });
  }
  if (version > SCHEMA_VERSION) {
    throw new RulesError(
      'schemaVersion',
      `This document was saved by a newer version of Nucleus (schema ${version}; this one reads up to ${SCHEMA_VERSION}): reload the page to update Nucleus, then open it again.`,
      { sentence: true },
    );
  }
  // Version 0 → 1: documents gained `tags`.
  if (version < 1) {
    if (!Array.isArray(doc.tags)) doc.tags = [];
    doc.schemaVersion = 1;
  }
  // Embedded documents migrate with their character.
  for (const key of ['cores', 'gear'] as const) {
    if (Array.isArray(doc[key])) doc[key] = (doc[key] as unknown[]).map((d) => (d && typeof d === 'object' && !Array.isArray(d) ? migrateDocument(d) : d));
  }
  return doc;
}

/** Migrate, then parse: what every loader should call. */
export function loadDocument(value: unknown): NucleusDocument {
  return parseDocument(migrateDocument(value));
}
