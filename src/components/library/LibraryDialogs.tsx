/**
 * The library's questions: delete (with what refers to the document),
 * delete forever, tags, history, and the replace / keep-both question of
 * an import. Each is a Modal (focus kept inside, Escape closes).
 */
import { useEffect, useId, useState } from 'react';
import Modal from '../account/Modal';
import type { Reference, DocumentSummary, Version } from '../../storage';
import { formatDate, parseTags, type PendingImport } from './actions';
import { libraryRepository } from './libraryStore';

export type LibraryDialog =
  | { type: 'delete'; doc: DocumentSummary; references: Reference[] }
  | { type: 'purge'; doc: DocumentSummary }
  | { type: 'tags'; doc: DocumentSummary }
  | { type: 'history'; doc: DocumentSummary }
  | { type: 'import'; pending: PendingImport };

interface Props {
  dialog: LibraryDialog | null;
  onClose: () => void;
  /** Runs the confirmed step; the dialog closes when it settles. */
  onConfirm: (step: ConfirmedStep) => void;
}

export type ConfirmedStep =
  | { type: 'delete'; doc: DocumentSummary }
  | { type: 'purge'; doc: DocumentSummary }
  | { type: 'tags'; doc: DocumentSummary; tags: string[] }
  | { type: 'restore-version'; doc: DocumentSummary; version: Version }
  | { type: 'import'; pending: PendingImport; choice: 'replace' | 'keep-both' };

function History({ doc, onConfirm }: { doc: DocumentSummary; onConfirm: Props['onConfirm'] }) {
  const [versions, setVersions] = useState<Version[] | null>(null);
  useEffect(() => {
    let live = true;
    void libraryRepository()
      .then((r) => r.versions(doc.id))
      .then((v) => live && setVersions(v));
    return () => {
      live = false;
    };
  }, [doc.id]);
  if (!versions) return <p className="lib-dialog-lead">Reading the history…</p>;
  return (
    <>
      <p className="lib-dialog-lead">Each version is kept for a stretch of editing. Restoring one saves it as the newest version, so you can go back again.</p>
      <ol className="lib-versions">
        {versions.map((v, i) => (
          <li key={v.id}>
            <div>
              <p className="lib-version-time">
                <time dateTime={v.savedAt}>{formatDate(v.savedAt)}</time>
                {i === 0 && <span className="lib-flag is-current">current</span>}
              </p>
              <p className="lib-version-summary">{v.summary}</p>
            </div>
            {i > 0 && (
              <button type="button" className="btn" onClick={() => onConfirm({ type: 'restore-version', doc, version: v })}>
                Restore<span className="visually-hidden"> the version of {formatDate(v.savedAt)}</span>
              </button>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function Tags({ doc, onConfirm, onClose }: { doc: DocumentSummary; onConfirm: Props['onConfirm']; onClose: () => void }) {
  const [text, setText] = useState(doc.tags.join(', '));
  const inputId = useId();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm({ type: 'tags', doc, tags: parseTags(text) });
      }}
    >
      <label htmlFor={inputId} className="lib-label">
        Tags, separated by commas
      </label>
      <input id={inputId} className="lib-input" value={text} onChange={(e) => setText(e.currentTarget.value)} data-autofocus autoComplete="off" />
      <div className="lib-dialog-actions">
        <button type="submit" className="btn btn-primary">
          Save tags
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export default function LibraryDialogs({ dialog, onClose, onConfirm }: Props) {
  const titleId = useId();
  const d = dialog;
  const titles: Record<LibraryDialog['type'], string> = {
    delete: 'Move to the trash?',
    purge: 'Delete forever?',
    tags: 'Edit tags',
    history: 'History',
    import: 'Already in your library',
  };
  return (
    <Modal open={!!d} onClose={onClose} titleId={titleId} title={d ? titles[d.type] : ''} eyebrow={d && 'doc' in d ? d.doc.name : undefined} className="lib-dialog">
      {d?.type === 'delete' && (
        <>
          <p className="lib-dialog-lead">
            “{d.doc.name}” goes to the trash, where it stays for 30 days and can be restored.
          </p>
          {d.references.length > 0 && (
            <div className="lib-warning" role="note">
              <p>
                {d.references.length === 1 ? 'A character carries' : `${d.references.length} characters carry`} a copy of it. Their copies stay as they are:
              </p>
              <ul>
                {d.references.map((r, i) => (
                  <li key={i}>
                    {r.character.name} ({r.slot === 'gear' ? 'gear' : 'core'} “{r.name}”)
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="lib-dialog-actions">
            <button type="button" className="btn btn-danger" onClick={() => onConfirm({ type: 'delete', doc: d.doc })} data-autofocus>
              Move to the trash
            </button>
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
          </div>
        </>
      )}
      {d?.type === 'purge' && (
        <>
          <p className="lib-dialog-lead">“{d.doc.name}” and its whole history will be gone from this device. This cannot be undone.</p>
          <div className="lib-dialog-actions">
            <button type="button" className="btn btn-danger" onClick={() => onConfirm({ type: 'purge', doc: d.doc })}>
              Delete forever
            </button>
            <button type="button" className="btn" onClick={onClose} data-autofocus>
              Cancel
            </button>
          </div>
        </>
      )}
      {d?.type === 'tags' && <Tags doc={d.doc} onConfirm={onConfirm} onClose={onClose} />}
      {d?.type === 'history' && <History doc={d.doc} onConfirm={onConfirm} />}
      {d?.type === 'import' && (
        <>
          <p className="lib-dialog-lead">
            {d.pending.collisions.length === 1
              ? `“${d.pending.collisions[0]!.name}” from ${d.pending.file} is already in your library.`
              : `${d.pending.collisions.length} documents from ${d.pending.file} are already in your library: ${d.pending.collisions.map((c) => `“${c.name}”`).join(', ')}.`}
          </p>
          <p className="lib-dialog-lead">Replace keeps what is here now in each document's history. Keep both adds the imported ones as new documents.</p>
          <div className="lib-dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => onConfirm({ type: 'import', pending: d.pending, choice: 'replace' })} data-autofocus>
              Replace
            </button>
            <button type="button" className="btn" onClick={() => onConfirm({ type: 'import', pending: d.pending, choice: 'keep-both' })}>
              Keep both
            </button>
            <button type="button" className="btn" onClick={onClose}>
              Cancel import
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
