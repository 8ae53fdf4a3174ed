/**
 * Import and export of document files.
 *
 * T1 One document exports as its JSON (`name.nucleus.json`); a selection or
 *    the library as `{ format: "nucleus-library", version, exportedAt,
 *    documents }`.
 * T2 An import reads one document or a library file. Every document is
 *    migrated and checked first; if any is malformed the whole file is
 *    refused with an ImportError naming the file, the document and the
 *    field, and nothing is written. Rule issues (over budget, out of range)
 *    do not refuse a document: they never block a save either, and the
 *    library marks such documents.
 *    A document longer than MAX_CLOUD_JSON characters is malformed too: it
 *    could never sync. So is one nested deeper or holding more values than
 *    shape.ts allows, checked before anything walks it.
 * T3 A document whose id is already stored needs a choice: 'replace' (a new
 *    save over it, so the old content stays in its history) or 'keep-both'
 *    (the imported one gets a new id).
 */
import { documentProblems, migrateDocument, RulesError, type NucleusDocument } from '../rules';
import type { LocalRepository } from './local';
import { newDocumentId } from './session';
import { shapeProblem } from './shape';
import { MAX_CLOUD_JSON, type DocumentRepository, type StoredDocument } from './types';

export const LIBRARY_FORMAT = 'nucleus-library';
export const LIBRARY_VERSION = 1;
export const FILE_SUFFIX = '.nucleus.json';

export interface LibraryFile {
  format: typeof LIBRARY_FORMAT;
  version: number;
  exportedAt: string;
  documents: NucleusDocument[];
}

export interface ImportProblem {
  /** Index in the library file's `documents`; absent for a single-document file. */
  index?: number;
  /** "character \"Vex\"" when the document says what it is. */
  document?: string;
  /** `attributes.frame`, `cores[0].tier`; '' for the whole document or file. */
  path: string;
  message: string;
}

/** A file that cannot be imported; `message` is the sentence to show. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
  constructor(
    readonly file: string,
    readonly problems: ImportProblem[],
  ) {
    super(describeProblems(file, problems));
  }
}

/** `cores.0.tier` → `cores[0].tier`. */
function bracketPath(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]').replace(/^(\d+)(?=\.|$)/, '[$1]');
}

export function problemLine(p: ImportProblem): string {
  const where = p.index === undefined ? '' : `documents[${p.index}]${p.document ? ` (${p.document})` : ''}`;
  const field = p.path ? `${p.path}: ` : '';
  return where ? `${where}: ${field}${p.message}` : `${field}${p.message}`;
}

function describeProblems(file: string, problems: ImportProblem[]): string {
  const first = problems[0];
  if (!first) return `${file} cannot be imported.`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  // A problem may be a whole sentence with its own full stop ("… cannot read it."): one full stop at the end.
  return `${file} was not imported, nothing was changed: ${problemLine(first).replace(/[.\s]+$/, '')}${more}.`;
}

function label(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { kind, name } = value as { kind?: unknown; name?: unknown };
  if (typeof kind !== 'string') return undefined;
  return typeof name === 'string' ? `${kind} "${name}"` : kind;
}

/** Migrates and checks one document; problems instead of throwing. */
function check(value: unknown, index: number | undefined): { document?: NucleusDocument; problems: ImportProblem[] } {
  const base = { index, document: label(value) };
  const shape = shapeProblem(value);
  if (shape) return { problems: [{ ...base, path: '', message: shape }] };
  let migrated: unknown;
  try {
    migrated = migrateDocument(value);
  } catch (e) {
    const path = e instanceof RulesError ? bracketPath(e.path) : '';
    return { problems: [{ ...base, path, message: (e as Error).message }] };
  }
  const problems = documentProblems(migrated).map((p) => ({ ...base, path: bracketPath(p.path), message: p.message }));
  const chars = JSON.stringify(migrated).length;
  if (chars > MAX_CLOUD_JSON) {
    problems.push({ ...base, path: '', message: `it is ${chars.toLocaleString('en')} characters long, and the limit is ${MAX_CLOUD_JSON.toLocaleString('en')} (what the cloud keeps of one document)` });
  }
  return problems.length ? { problems } : { document: migrated as NucleusDocument, problems };
}

/** Reads a file's text into the documents it holds (T2). @throws ImportError */
export function parseImport(file: string, text: string): NucleusDocument[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError(file, [{ path: '', message: 'the file is not JSON (is it a Nucleus export?)' }]);
  }
  const fail = (message: string, path = ''): never => {
    throw new ImportError(file, [{ path, message }]);
  };
  if (!data || typeof data !== 'object' || Array.isArray(data)) fail('the file holds no Nucleus document');
  const record = data as Record<string, unknown>;
  let values: unknown[];
  let single = false;
  if ('format' in record) {
    if (record.format !== LIBRARY_FORMAT) fail(`expected "${LIBRARY_FORMAT}", found ${JSON.stringify(record.format)}`, 'format');
    if (typeof record.version !== 'number' || !Number.isInteger(record.version)) fail('expected a whole number', 'version');
    if ((record.version as number) > LIBRARY_VERSION) {
      fail(`this library was exported by a newer Nucleus (version ${record.version}; this one reads up to ${LIBRARY_VERSION}): reload the page to update Nucleus, then import again`, 'version');
    }
    if (!Array.isArray(record.documents)) fail('expected a list of documents', 'documents');
    values = record.documents as unknown[];
  } else {
    values = [record];
    single = true;
  }
  const documents: NucleusDocument[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  values.forEach((value, i) => {
    const r = check(value, single ? undefined : i);
    problems.push(...r.problems);
    if (!r.document) return;
    const first = seen.get(r.document.id);
    if (first !== undefined) problems.push({ index: i, document: label(value), path: 'id', message: `the same id as documents[${first}]` });
    seen.set(r.document.id, i);
    documents.push(r.document);
  });
  if (problems.length) throw new ImportError(file, problems);
  if (!documents.length) fail('the library file has no documents', 'documents');
  return documents;
}

export type ImportChoice = 'replace' | 'keep-both';

/** Which of these documents are already stored (live or in the trash): T3's question. */
export async function importCollisions(repository: DocumentRepository, documents: readonly NucleusDocument[]): Promise<StoredDocument[]> {
  const stored = await Promise.all(documents.map((d) => repository.get(d.id)));
  return stored.filter((s): s is StoredDocument => !!s);
}

/**
 * Writes checked documents (T3), all in one transaction: if anything
 * changed meanwhile, nothing is written (BatchConflictError).
 */
export async function applyImport(repository: DocumentRepository & Partial<Pick<LocalRepository, 'saveMany'>>, documents: readonly NucleusDocument[], choice: ImportChoice = 'keep-both'): Promise<StoredDocument[]> {
  const existing = new Map((await importCollisions(repository, documents)).map((s) => [s.id, s]));
  const items = documents.map((document) => {
    const old = existing.get(document.id);
    if (!old) return { document, options: { basedOn: 0, keepTimestamps: true } };
    if (choice === 'replace') return { document, options: { basedOn: old.revision, newVersion: true, keepTimestamps: true } };
    return { document: { ...document, id: newDocumentId() } as NucleusDocument, options: { basedOn: 0, keepTimestamps: true } };
  });
  // One transaction where the place offers it; otherwise one save after another.
  const results = repository.saveMany ? await repository.saveMany(items) : await Promise.all(items.map((i) => repository.save(i.document, i.options)));
  const stored = results.flatMap((r) => (r.ok ? [r.stored] : []));
  // A replaced document that was in the trash comes back: the player just imported it.
  for (const s of stored) if (s.deletedAt) await repository.restore(s.id);
  return stored;
}

/** A safe file name: `Longarm Mk II` → `longarm-mk-ii.nucleus.json`. */
export function exportFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return (slug || 'document') + FILE_SUFFIX;
}

/** T1: the file for one document. */
export function exportDocument(document: NucleusDocument): { fileName: string; text: string } {
  return { fileName: exportFileName(document.name), text: JSON.stringify(document, null, 2) };
}

/**
 * A document Nucleus cannot read (a stored record or a journal entry that
 * fails its schema), as it is, so the player keeps it; `what` names what it
 * is beside the name ("unsaved edits"). Nothing of it is trusted: a name that
 * is not text gives a file named "document".
 */
export function exportUnreadable(document: unknown, what?: string): { fileName: string; text: string } {
  const name = (document as { name?: unknown } | null)?.name;
  const base = typeof name === 'string' && name.trim() ? name : 'document';
  return { fileName: exportFileName(what ? `${base} ${what}` : base), text: JSON.stringify(document, null, 2) };
}

/** T1: the file for several documents (a selection, or the whole library). */
export function exportLibrary(documents: readonly NucleusDocument[], exportedAt: Date = new Date(), name = 'nucleus-library'): { fileName: string; text: string } {
  const file: LibraryFile = { format: LIBRARY_FORMAT, version: LIBRARY_VERSION, exportedAt: exportedAt.toISOString(), documents: [...documents] };
  return { fileName: exportFileName(name), text: JSON.stringify(file, null, 2) };
}
