/**
 * Documents an older Nucleus wrote, brought to the current schema on the
 * way out. The document parser (zod and every schema, ~25 KB gzipped) loads
 * with the first save or the first record of an older schema, not with the
 * page: an editor route lists and opens documents without it.
 *
 * Every function here loads the parser itself when a record needs it, so a
 * caller cannot forget to (a record read before the parser loaded would
 * otherwise be marked broken).
 */
import { SCHEMA_VERSION, type NucleusDocument } from '../../rules/engine';
import type { StoredDocument } from '../types';
import { sentenceOf } from '../problems';

type Parser = typeof import('../../rules/documents');
let loaded: Parser | null = null;
const loadParser = async (): Promise<Parser> => (loaded ??= await import('../../rules/documents'));

export const isCurrent = (document: unknown) => (document as { schemaVersion?: unknown } | undefined)?.schemaVersion === SCHEMA_VERSION;

/**
 * The parser, loaded: what a save needs before its transaction opens (a
 * transaction must not wait on a module load, so the save gets it first
 * and then parses and upgrades without waiting).
 */
export interface DocumentParser {
  /** Migrates and parses a document; throws with why it is not one. */
  parse(document: unknown): NucleusDocument;
  /** A record at the current schema, or marked with its problem. */
  upgrade(record: StoredDocument): StoredDocument;
}

export async function documentParser(): Promise<DocumentParser> {
  const parser = await loadParser();
  return { parse: (document) => parser.loadDocument(document), upgrade: (record) => upgradeWith(parser, record) };
}

function upgradeWith(parser: Parser | null, record: StoredDocument): StoredDocument {
  if (isCurrent(record.document)) return record;
  try {
    if (!parser) throw new Error('The document parser is not loaded.');
    const document = parser.loadDocument(record.document);
    return { ...record, document, tags: document.tags ?? [] };
  } catch (e) {
    return { ...record, valid: false, problem: sentenceOf(e, 'Nucleus cannot read this document as it is stored here.') };
  }
}

/** The records at the current schema (the parser loads only if one of them is older). */
export async function upgraded(records: readonly StoredDocument[]): Promise<StoredDocument[]> {
  const parser = records.some((r) => !isCurrent(r.document)) ? await loadParser() : loaded;
  return records.map((r) => upgradeWith(parser, r));
}

/** One record at the current schema; none stays none. */
export async function upgradedOne(record: StoredDocument | undefined): Promise<StoredDocument | undefined> {
  return record && (await upgraded([record]))[0];
}
