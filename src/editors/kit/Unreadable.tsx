/**
 * Documents Nucleus cannot read, in the editors' lists and in place of the
 * editor: a stored document that fails its schema (an older Nucleus, a
 * damaged storage) and edits a closed page left in the journal that fail it
 * (journal.ts J7). Each is listed with the sentence why and an Export of it
 * as it is, so one bad document never hides the others and the player can
 * keep it; nothing of it is deleted here.
 */
import { useId } from 'react';
import { download } from './DocumentFrame';
import { shownName, unreadableSentence, type KeptEdits, type UnreadableDocument } from './listing';

/** Downloads the document as it is (the transfer code loads when asked, as Export's does). */
export async function exportAsItIs(document: unknown, what?: string): Promise<void> {
  const { exportUnreadable } = await import('../../storage/transfer');
  const file = exportUnreadable(document, what);
  download(file.fileName, `${file.text}\n`);
}

function ExportButton({ name, describedBy, what, document }: { name: string; describedBy: string; what?: string; document: unknown }) {
  return (
    <button type="button" className="btn kit-small" aria-label={`Export “${name}”${what ? ` (${what})` : ''}`} aria-describedby={describedBy} onClick={() => void exportAsItIs(document, what)}>
      Export
    </button>
  );
}

/** A stored document of the list that cannot be read: its name opens it (to its sentence and Export). */
export function UnreadableDocumentRow({ doc, noun, onOpen }: { doc: UnreadableDocument; noun: string; onOpen: (id: string) => void }) {
  const why = useId();
  const name = shownName(doc.name, noun);
  return (
    <li className="kit-unreadable" data-unreadable="document" data-document-id={doc.id}>
      <a
        href={`?id=${encodeURIComponent(doc.id)}`}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onOpen(doc.id);
        }}
      >
        {name}
      </a>
      <span className="kit-doc-meta">
        <span className="kit-badge is-invalid">Cannot be read</span>
        <ExportButton name={name} describedBy={why} document={doc.document} />
      </span>
      <p className="kit-unreadable-why" id={why}>
        {unreadableSentence(doc.problem, noun)}
      </p>
    </li>
  );
}

/** Edits a closed page left that fail the schema: kept in the journal, offered as a file. */
export function UnreadableEditsRow({ entry, noun }: { entry: KeptEdits; noun: string }) {
  const why = useId();
  const name = shownName(entry.document.name, noun);
  return (
    <li className="kit-unreadable" data-unreadable="edits" data-document-id={entry.documentId}>
      <span className="kit-unreadable-name">Unsaved edits to “{name}”</span>
      <span className="kit-doc-meta">
        <span className="kit-badge is-invalid">Not saved</span>
        <ExportButton name={name} what="unsaved edits" describedBy={why} document={entry.document} />
      </span>
      <p className="kit-unreadable-why" id={why}>
        {entry.problem} They are kept on this device; export them to keep a copy.
      </p>
    </li>
  );
}

/** In place of the editor, for a stored document that cannot be read. */
export function UnreadableDocumentView({ stored, noun, onList }: { stored: UnreadableDocument; noun: string; onList: () => void }) {
  const name = shownName(stored.name, noun);
  return (
    <div className="card kit-missing" role="alert" data-unreadable="document">
      <p>
        “{name}”: {unreadableSentence(stored.problem, noun)}
      </p>
      <div className="kit-conflict-actions">
        <button type="button" className="btn btn-primary" onClick={() => void exportAsItIs(stored.document)}>
          Export
        </button>
        <button type="button" className="btn" onClick={onList}>
          Your {noun}s
        </button>
      </div>
    </div>
  );
}
