/**
 * What the library's page does, apart from React (nanostores): how much of
 * the list is shown, the selection, the open dialog, the sentence after an
 * operation, and the operations themselves. The documents and filters are
 * libraryStore.ts; the files and repository calls are actions.ts;
 * Library.tsx and its dialogs only render this.
 *
 * 1. The list shows PAGE rows, and PAGE more on each "Show more"; new
 *    filters start again at PAGE.
 * 2. The selection only ever holds documents on the list.
 * 3. Every operation ends in one sentence: what was done, or why it was not
 *    (an import's problems listed, twelve at most).
 * 4. Files are imported one after another; a file with documents already in
 *    the library stops there and asks replace or keep both; the answer
 *    finishes that file.
 * 5. History reads the document's versions and the document now, so the
 *    dialog can preview a version against it before restoring.
 * 6. Moving a document to the trash says so with Undo, which stays until
 *    the next operation's sentence replaces it.
 * 7. Documents of one kind and name are marked, so each row can show what
 *    tells them apart (the created date and a short id).
 * 8. "Empty the trash" asks once, naming how many documents go for good;
 *    the answer deletes forever those the question named.
 */
import { atom, computed } from 'nanostores';
import { whyFailed } from '../../storage/problems';
import { ImportError, problemLine, referencesTo, shareLink, type DocumentSummary, type NucleusDocument, type Reference, type Version } from '../../storage';
import { repeatedNames } from '../../storage/names';
import { $documents, $filters, $visible, libraryRepository, setFilters, startLibrary } from './libraryStore';
import * as act from './actions';

export const PAGE = 100;

/** What a row's menu asks for. */
export type RowAction = 'duplicate' | 'export' | 'share' | 'tags' | 'history' | 'delete' | 'restore' | 'purge';

export type LibraryDialog =
  | { type: 'delete'; doc: DocumentSummary; references: Reference[] }
  | { type: 'purge'; doc: DocumentSummary }
  /** `docs`: the trash when the question was asked (rule 8). */
  | { type: 'empty-trash'; docs: DocumentSummary[] }
  | { type: 'tags'; doc: DocumentSummary }
  /** `versions` and `current` are null while they are read. */
  | { type: 'history'; doc: DocumentSummary; versions: Version[] | null; current: NucleusDocument | null }
  | { type: 'import'; pending: act.PendingImport };

export type ConfirmedStep =
  | { type: 'delete'; doc: DocumentSummary }
  | { type: 'purge'; doc: DocumentSummary }
  | { type: 'empty-trash'; docs: DocumentSummary[] }
  | { type: 'tags'; doc: DocumentSummary; tags: string[] }
  | { type: 'restore-version'; doc: DocumentSummary; version: Version }
  | { type: 'import'; pending: act.PendingImport; choice: 'replace' | 'keep-both' };

/** `trashed`: the document the sentence moved to the trash, which Undo brings back (rule 6). */
export type Notice = { tone: 'ok' | 'error'; text: string; lines?: string[]; trashed?: DocumentSummary };

export const $shown = atom(PAGE);
export const $selected = atom<ReadonlySet<string>>(new Set());
export const $dialog = atom<LibraryDialog | null>(null);
export const $notice = atom<Notice | null>(null);
export const $busy = atom(false);

/** The rows on screen (rule 1). */
export const $page = computed([$visible, $shown], (visible, shown) => visible.slice(0, shown));
export const $selectedDocs = computed([$visible, $selected], (visible, selected) => visible.filter((d) => selected.has(d.id)));
export const $allShownSelected = computed([$page, $selected], (page, selected) => page.length > 0 && page.every((d) => selected.has(d.id)));
/** Rule 7: ids of the documents whose kind and name another one shares (live or in the trash). */
export const $repeatedNames = computed($documents, (docs) => repeatedNames(docs ?? []));

/** Rule 3: runs one operation, and says how it went (`done`: more of the sentence, rule 6's Undo). */
export async function run(work: () => Promise<string> | string, done: Partial<Notice> = {}): Promise<void> {
  $busy.set(true);
  try {
    $notice.set({ ...done, tone: 'ok', text: await work() });
  } catch (e) {
    if (e instanceof ImportError) {
      $notice.set({ tone: 'error', text: e.message, lines: e.problems.length > 1 ? e.problems.slice(0, 12).map(problemLine) : undefined });
    } else $notice.set({ tone: 'error', text: whyFailed(e) });
  } finally {
    $busy.set(false);
  }
}

/** Rule 4. */
export async function importFiles(files: File[]): Promise<void> {
  for (const file of files) {
    let pending: act.PendingImport;
    try {
      pending = await act.readImport(file);
    } catch (e) {
      await run(() => Promise.reject(e));
      return;
    }
    if (pending.collisions.length) {
      $dialog.set({ type: 'import', pending });
      return; // the dialog's answer continues this one file
    }
    await run(() => act.finishImport(pending, 'keep-both'));
  }
}

/** Rule 5: opens History, then fills in what it shows. */
async function openHistory(doc: DocumentSummary): Promise<void> {
  const dialog: LibraryDialog = { type: 'history', doc, versions: null, current: null };
  $dialog.set(dialog);
  try {
    const [versions, stored] = await Promise.all([libraryRepository().then((r) => r.versions(doc.id)), act.full(doc)]);
    // Closed or replaced meanwhile: nothing to fill in.
    if ($dialog.get() === dialog) $dialog.set({ ...dialog, versions, current: stored.document });
  } catch (e) {
    if ($dialog.get() === dialog) $dialog.set(null);
    await run(() => Promise.reject(e));
  }
}

async function copyShareLink(doc: DocumentSummary): Promise<string> {
  const url = await shareLink((await act.full(doc)).document);
  try {
    await navigator.clipboard.writeText(url);
    return `Copied a share link to "${doc.name}". Whoever opens it sees the document read-only and can save a copy.`;
  } catch {
    return `Share link to "${doc.name}": ${url}`;
  }
}

/** A row's menu item: done at once, or its question opened. */
export function rowAction(action: RowAction, doc: DocumentSummary): void {
  switch (action) {
    case 'duplicate':
      return void run(() => act.duplicate(doc));
    case 'export':
      return void run(() => act.exportOne(doc));
    case 'tags':
    case 'purge':
      return $dialog.set({ type: action, doc });
    case 'history':
      return void openHistory(doc);
    case 'delete':
      return $dialog.set({ type: 'delete', doc, references: referencesTo($documents.get() ?? [], doc.id) });
    case 'restore':
      return void run(() => act.restoreFromTrash(doc));
    case 'share':
      return void run(() => copyShareLink(doc));
  }
}

/** A dialog's answer: the dialog closes and the step runs. */
export function confirm(step: ConfirmedStep): Promise<void> {
  $dialog.set(null);
  if (step.type === 'delete') return run(() => act.moveToTrash(step.doc), { trashed: step.doc });
  return run(() => {
    switch (step.type) {
      case 'purge':
        return act.deleteForever(step.doc);
      case 'empty-trash':
        return act.emptyTrash(step.docs);
      case 'tags':
        return act.saveTags(step.doc, step.tags);
      case 'restore-version':
        return act.restoreVersion(step.doc, step.version.id, step.version.savedAt);
      case 'import':
        return act.finishImport(step.pending, step.choice);
    }
  });
}

/** Rule 6: brings back what the last sentence moved to the trash. */
export function undoTrash(): Promise<void> {
  const doc = $notice.get()?.trashed;
  return doc ? run(() => act.restoreFromTrash(doc)) : Promise.resolve();
}

/** Rule 8: the question before the trash is emptied (nothing to ask when it is empty). */
export function askEmptyTrash(): void {
  const docs = ($documents.get() ?? []).filter((d) => d.deletedAt);
  if (docs.length) $dialog.set({ type: 'empty-trash', docs });
}

/** The trash, from the sentence that moved a document there. */
export const showTrash = (): void => setFilters({ view: 'trash' });

export const closeDialog = (): void => $dialog.set(null);
export const dismissNotice = (): void => $notice.set(null);
export const showMore = (): void => $shown.set($shown.get() + PAGE);

export function select(id: string, on: boolean): void {
  const next = new Set($selected.get());
  if (on) next.add(id);
  else next.delete(id);
  $selected.set(next);
}

export function selectAllShown(on: boolean): void {
  $selected.set(new Set(on ? $page.get().map((d) => d.id) : []));
}

export const exportEverything = (): Promise<void> => run(() => act.exportMany('everything', 'nucleus-library'));
export const exportSelected = (): Promise<void> => run(() => act.exportMany($selectedDocs.get(), 'nucleus-selection'));

/** Starts the library (documents, filters from the URL) and rules 1 and 2; returns the stop. */
export function startLibraryState(): () => void {
  // The client router keeps this module between pages: each library starts afresh, as its component did.
  $shown.set(PAGE);
  $selected.set(new Set());
  $dialog.set(null);
  $notice.set(null);
  const stopLibrary = startLibrary();
  const stops = [
    $filters.listen(() => $shown.set(PAGE)),
    $visible.subscribe((visible) => {
      const s = $selected.get();
      const onList = new Set(visible.map((d) => d.id));
      const next = new Set([...s].filter((id) => onList.has(id)));
      if (next.size !== s.size) $selected.set(next);
    }),
  ];
  return () => {
    stops.forEach((stop) => stop());
    stopLibrary();
  };
}
