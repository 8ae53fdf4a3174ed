/**
 * What an editor's list shows of one kind: every stored document, those
 * that fail their schema included (each marked with its `problem`), and the
 * edits closed pages left in the journal that could not be saved (journal.ts
 * J7). A record that cannot be read is one row among the others, never the
 * reason the list is not shown.
 */
import type { DocumentKind } from '../../rules/engine';
import { createJournal, unreadableEntries, type Journal, type JournalEntry } from '../../storage/journal';
import type { DocumentRepository, StoredDocument } from '../../storage/types';

export type UnreadableDocument = StoredDocument & { problem: string };
export type KeptEdits = JournalEntry & { problem: string };

export interface EditorListing {
  /** Newest change first; a document that cannot be read carries `problem`. */
  documents: StoredDocument[];
  /** Edits of closed pages that fail the schema, kept in the journal. */
  keptEdits: KeptEdits[];
}

export const isUnreadable = (d: StoredDocument): d is UnreadableDocument => typeof d.problem === 'string';

export async function editorListing(repository: DocumentRepository, kind: DocumentKind, journal: Journal = createJournal()): Promise<EditorListing> {
  const documents = await repository.list({ kind, sort: 'updated' });
  return { documents, keptEdits: unreadableEntries(journal, kind) };
}

/** A name from a record that failed its schema: text, or the noun's stand-in. */
export function shownName(name: unknown, noun: string): string {
  return typeof name === 'string' && name.trim() ? name : `Untitled ${noun}`;
}

/** "Nucleus cannot read this encounter: party.0.snapshot.health: expected a whole number." (one full stop). */
export function unreadableSentence(problem: string, noun: string): string {
  return `Nucleus cannot read this ${noun} as it is stored: ${problem.replace(/\.$/, '')}. Export it to keep a copy.`;
}
