/**
 * One document's save inside a transaction: the conflict check
 * (conflicts.ts R1/R2), the record, its version (coalesced and pruned per
 * versions.ts) and its summary, all in the same transaction.
 */
import type { NucleusDocument } from '../../rules/engine';
import { decideSave } from '../conflicts';
import { pruneVersions, startsNewVersion, summariseChange } from '../versions';
import type { SaveOptions, SaveResult, StoredDocument } from '../types';
import type { DocumentParser } from './upgrade';
import type { SummaryRecord, VersionRecord, WriteTransaction } from './database';
import { jsonBytes, storedRecord, summaryOf } from './records';

/** A document parsed and evaluated before its transaction opens (which must not wait on anything else). */
export interface PreparedSave {
  parsed: NucleusDocument;
  valid: boolean;
  options: SaveOptions;
}

export type WriteResult = SaveResult & { summary?: SummaryRecord };

export async function writeDocument(tx: WriteTransaction, p: PreparedSave, at: number, parser: DocumentParser): Promise<WriteResult> {
  const { parsed, valid, options } = p;
  const docs = tx.objectStore('documents');
  const stored = await docs.get(parsed.id);
  const decision = decideSave(stored?.revision, options.basedOn);
  if (!decision.ok) return { ok: false, conflict: parser.upgrade(stored!) };
  const iso = new Date(at).toISOString();
  const record = storedRecord(parsed, { revision: decision.revision, valid, at: iso, keepTimestamps: options.keepTimestamps }, stored);
  if (stored?.sync) record.sync = stored.sync;
  await docs.put(record);
  const versionBytes = await writeVersion(tx, record, at, !!options.newVersion);
  const listed = summaryOf(record, versionBytes);
  await tx.objectStore('summaries').put(listed);
  return { ok: true, stored: record, summary: listed };
}

/** Writes the record's version (into the newest one while its window is open); returns the bytes of the versions kept. */
async function writeVersion(tx: WriteTransaction, record: StoredDocument, at: number, forceNew: boolean): Promise<number> {
  const vers = tx.objectStore('versions');
  const document = record.document;
  const iso = new Date(at).toISOString();
  const history = await vers.index('documentId').getAll(document.id);
  history.sort((a, b) => b.startedAt - a.startedAt || b.revision - a.revision);
  const newest = history[0];
  const coalesce = !forceNew && newest && !startsNewVersion({ at: newest.startedAt, revision: newest.revision }, at);
  const before = coalesce ? history[1] : newest;
  const summary = summariseChange(before ? (before.document as Record<string, unknown>) : null, document as Record<string, unknown>);
  const version: VersionRecord = coalesce
    ? { ...newest, revision: record.revision, savedAt: iso, summary, document }
    : { id: `r${record.revision}`, documentId: document.id, revision: record.revision, savedAt: iso, startedAt: at, summary, document };
  await vers.put(version);
  let kept = coalesce ? [version, ...history.slice(1)] : [version, ...history];
  if (!coalesce) {
    const keep = new Set(pruneVersions(kept.map((v) => ({ ...v, at: v.startedAt }))).map((v) => v.id));
    for (const v of history) if (!keep.has(v.id)) await vers.delete([v.documentId, v.id]);
    kept = kept.filter((v) => keep.has(v.id));
  }
  return kept.reduce((n, v) => n + jsonBytes(v), 0);
}
