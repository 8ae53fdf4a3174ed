/**
 * Records and lists, without a database: what a save stores, what the
 * library lists of it, and a list query applied in memory (shared by the
 * IndexedDB, cloud and in-memory repositories).
 */
import { evaluate, type Catalogues, type NucleusDocument } from '../../rules/engine';
import { carriedCopies } from '../references';
import type { DocumentSummary, ListQuery, StoredDocument } from '../types';

/** A summary with the schema version its document was saved in (database.ts stores these). */
type SummaryRecord = DocumentSummary & { schemaVersion?: unknown };

export const jsonBytes = (value: unknown) => JSON.stringify(value).length;

/**
 * The record a save stores: the document (stamped `at` unless its own
 * timestamps are kept), what lists show of it, and what stays from the
 * record it replaces (creation time, trash mark).
 */
export function storedRecord(parsed: NucleusDocument, save: { revision: number; valid: boolean; at: string; keepTimestamps?: boolean }, stored?: StoredDocument): StoredDocument {
  const keep = save.keepTimestamps && !Number.isNaN(Date.parse(parsed.updatedAt));
  const document = keep ? parsed : ({ ...parsed, updatedAt: save.at } as NucleusDocument);
  const record: StoredDocument = {
    id: document.id,
    kind: document.kind,
    name: document.name,
    tags: document.tags ?? [],
    revision: save.revision,
    createdAt: stored?.createdAt ?? (keep ? document.createdAt : save.at),
    updatedAt: keep ? document.updatedAt : save.at,
    valid: save.valid,
    document,
  };
  if (stored?.deletedAt) record.deletedAt = stored.deletedAt;
  return record;
}

/** `evaluate(doc).valid`, ignoring catalogue look-ups when there is no catalogue. */
export function validityOf(doc: NucleusDocument, catalogues?: Partial<Catalogues>): boolean {
  const result = evaluate(doc, catalogues ?? {});
  if (catalogues) return result.valid;
  return !result.issues.some((i) => i.severity === 'error' && !i.code.startsWith('unknown-'));
}

/** The summary of a stored record; `versionBytes` is the size of its versions. */
export function summaryOf(record: StoredDocument, versionBytes = 0): SummaryRecord {
  const { document, ...rest } = record;
  const summary: SummaryRecord = { ...rest, bytes: jsonBytes(record) + versionBytes, schemaVersion: (document as { schemaVersion?: unknown }).schemaVersion };
  const carries = record.problem ? [] : carriedCopies(document);
  if (carries.length) summary.carries = carries;
  return summary;
}

/** A stored summary as lists show it (without the schema version). */
export function publicSummary({ schemaVersion: _schemaVersion, ...summary }: SummaryRecord): DocumentSummary {
  return summary;
}

function matches(doc: DocumentSummary, q: ListQuery, text: string): boolean {
  if (q.trash ? !doc.deletedAt : doc.deletedAt) return false;
  if (q.kind && doc.kind !== q.kind) return false;
  if (text && !doc.name.toLowerCase().includes(text)) return false;
  if (q.tags?.length && !q.tags.every((t) => doc.tags.includes(t))) return false;
  return true;
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortDocuments<T extends DocumentSummary>(docs: T[], sort: ListQuery['sort'] = 'updated'): T[] {
  if (sort === 'name') return docs.sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  return docs.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id.localeCompare(b.id)));
}

/** The list a query asks for (shared with the cloud adapter and the library). */
export function applyListQuery<T extends DocumentSummary>(docs: readonly T[], q: ListQuery = {}): T[] {
  const text = (q.text ?? '').trim().toLowerCase();
  return sortDocuments(
    docs.filter((d) => matches(d, q, text)),
    q.sort,
  );
}
