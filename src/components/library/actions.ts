/**
 * What the library's buttons do, apart from React: files in and out, and
 * the document operations. Each returns the sentence to announce.
 */
import {
  applyImport,
  duplicateDocument,
  exportDocument,
  exportLibrary,
  exportUnreadable,
  importCollisions,
  parseImport,
  ImportError,
  type DocumentSummary,
  type ImportChoice,
  type NucleusDocument,
  type StoredDocument,
} from '../../storage';
import { keptBothSentence, namesAlreadyHere } from '../../storage/names';
import { whyFailed } from '../../storage/problems';
import { libraryRepository } from './libraryStore';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Offers a file to the browser's downloads. */
export function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The whole stored document of a listed one (the list holds summaries). */
export async function full(doc: DocumentSummary): Promise<StoredDocument> {
  const stored = await (await libraryRepository()).get(doc.id);
  if (!stored) throw new Error(`"${doc.name}" is no longer on this device (deleted forever in another tab?).`);
  if (stored.problem) throw new Error(`"${doc.name}" cannot be read: ${stored.problem}`);
  return stored;
}

/** One document as a file; one that cannot be read is exported as it is stored (the player keeps it). */
export async function exportOne(doc: DocumentSummary): Promise<string> {
  const stored = await (await libraryRepository()).get(doc.id);
  if (!stored) throw new Error(`"${doc.name}" is no longer on this device (deleted forever in another tab?).`);
  const file = stored.problem ? exportUnreadable(stored.document) : exportDocument(stored.document);
  download(file.fileName, file.text);
  return `Exported "${doc.name}" as ${file.fileName}.`;
}

/** Several documents, or with `everything` the whole live library, as one library file. */
export async function exportMany(docs: readonly DocumentSummary[] | 'everything', name: string): Promise<string> {
  const repo = await libraryRepository();
  let documents: StoredDocument[];
  if (docs === 'everything') documents = await repo.list();
  else {
    if (docs.length === 1) return exportOne(docs[0]!);
    const wanted = new Set(docs.map((d) => d.id));
    documents = (await repo.list()).filter((d) => wanted.has(d.id));
  }
  const file = exportLibrary(
    documents.map((d) => d.document),
    new Date(),
    name,
  );
  download(file.fileName, file.text);
  return `Exported ${plural(documents.length, 'document')} as ${file.fileName}.`;
}

/** A checked file waiting for the replace / keep-both answer. */
export interface PendingImport {
  file: string;
  documents: NucleusDocument[];
  collisions: StoredDocument[];
}

/** Reads and checks a file; nothing is written yet. @throws ImportError */
export async function readImport(file: File): Promise<PendingImport> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new ImportError(file.name, [{ path: '', message: 'the file could not be read' }]);
  }
  const documents = parseImport(file.name, text);
  const collisions = await importCollisions(await libraryRepository(), documents);
  return { file: file.name, documents, collisions };
}

export async function finishImport(pending: PendingImport, choice: ImportChoice): Promise<string> {
  const repo = await libraryRepository();
  // Names already here under other ids: both are kept, and the sentence says so.
  const sameNames = namesAlreadyHere(pending.documents, await repo.list());
  const stored = await applyImport(repo, pending.documents, choice);
  const what = stored.length === 1 ? `"${stored[0]!.name}"` : plural(stored.length, 'document');
  const how = pending.collisions.length ? (choice === 'replace' ? ' (replacing the ones already here)' : ' (as new copies beside the ones already here)') : '';
  const kept = keptBothSentence(sameNames);
  return `Imported ${what} from ${pending.file}${how}.${kept ? ` ${kept}` : ''}`;
}

export async function duplicate(doc: DocumentSummary): Promise<string> {
  const copy = await duplicateDocument(doc.id, await libraryRepository());
  return `Duplicated "${doc.name}" as "${copy.name}".`;
}

export async function moveToTrash(doc: DocumentSummary): Promise<string> {
  await (await libraryRepository()).delete(doc.id);
  return `Moved "${doc.name}" to the trash.`;
}

export async function restoreFromTrash(doc: DocumentSummary): Promise<string> {
  await (await libraryRepository()).restore(doc.id);
  return `Restored "${doc.name}".`;
}

export async function deleteForever(doc: DocumentSummary): Promise<string> {
  await (await libraryRepository()).purge(doc.id);
  return `Deleted "${doc.name}" forever.`;
}

/**
 * Empties the trash: each of `docs` (the documents the question named) that
 * is still in the trash is deleted forever, by the same purge as "Delete
 * forever" (signed in, cloud sync takes the purge to the account too). One
 * restored meanwhile (another tab) stays; a failure part way says how many went.
 */
export async function emptyTrash(docs: readonly DocumentSummary[]): Promise<string> {
  const repo = await libraryRepository();
  const inTrash = new Set((await repo.list({ trash: true })).map((d) => d.id));
  const going = docs.filter((d) => inTrash.has(d.id));
  let gone = 0;
  try {
    for (const d of going) {
      await repo.purge(d.id);
      gone++;
    }
  } catch (e) {
    throw new Error(`${plural(gone, 'document')} of ${going.length} deleted forever; the rest are still in the trash. ${whyFailed(e)}`, { cause: e });
  }
  const kept = docs.length - going.length;
  const restored = kept ? ` ${kept === 1 ? 'One was' : `${kept} were`} restored meanwhile and ${kept === 1 ? 'stays' : 'stay'}.` : '';
  return `Emptied the trash: ${plural(gone, 'document')} deleted forever.${restored}`;
}

/** Free words, separated by commas; trimmed, no duplicates, no empty ones. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}

export async function saveTags(doc: DocumentSummary, tags: string[]): Promise<string> {
  const repo = await libraryRepository();
  const stored = await full(doc);
  const r = await repo.save({ ...stored.document, tags } as NucleusDocument, { basedOn: doc.revision, valid: stored.valid });
  if (!r.ok) throw new Error(`"${doc.name}" changed meanwhile (in an editor or another tab); open the tags again to edit the newest version.`);
  return tags.length ? `Tags of "${doc.name}": ${tags.join(', ')}.` : `"${doc.name}" has no tags now.`;
}

export async function restoreVersion(doc: DocumentSummary, versionId: string, savedAt: string): Promise<string> {
  const r = await (await libraryRepository()).restoreVersion(doc.id, versionId);
  if (!r.ok) throw new Error(`"${doc.name}" changed meanwhile; open its history again.`);
  return `Restored "${doc.name}" as it was on ${formatDate(savedAt)}. The version it replaced is in its history.`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}
