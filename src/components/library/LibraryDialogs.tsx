/**
 * The library's questions: delete (with what refers to the document),
 * delete forever, empty the trash, tags, history, and the replace / keep-both question of
 * an import. Each is a Modal (focus kept inside, Escape closes).
 */
import { useId } from 'react';
import Modal from '../account/Modal';
import type { DocumentSummary, NucleusDocument } from '../../storage';
import { VersionHistory } from '../history/VersionHistory';
import { TagsForm } from './TagsForm';
import type { ConfirmedStep, LibraryDialog } from './libraryState';

export type { ConfirmedStep, LibraryDialog };

interface Props {
  dialog: LibraryDialog | null;
  onClose: () => void;
  /** Runs the confirmed step; the dialog closes when it settles. */
  onConfirm: (step: ConfirmedStep) => void;
  /** Tags already used in the library: the tag box suggests them. */
  knownTags?: readonly string[];
}

/**
 * The library has no editor loaded, so a version is summed up by what every
 * kind of document has; the list of changed fields says the rest.
 */
const summarize = (doc: NucleusDocument) => [
  { term: 'Name', value: doc.name || 'Untitled' },
  { term: 'Tags', value: doc.tags?.length ? doc.tags.join(', ') : 'None' },
];

/** The editors' History list and preview; the Modal's close button is the one way out. */
function History({ dialog, onConfirm }: { dialog: Extract<LibraryDialog, { type: 'history' }>; onConfirm: Props['onConfirm'] }) {
  const { doc, versions, current } = dialog;
  if (!versions || !current) return <p className="lib-dialog-lead">Reading the history…</p>;
  return (
    <>
      <p className="lib-dialog-lead">Each version is kept for a stretch of editing. Restoring one saves it as the newest version, so you can go back again.</p>
      <VersionHistory versions={versions} current={current} summarize={summarize} markCurrent onRestore={(version) => onConfirm({ type: 'restore-version', doc, version })} />
    </>
  );
}

/** Names shown in the empty-the-trash question; more are counted. */
const NAMED = 8;

/** The one question before the trash is emptied: how many go for good, and which. Cancel has the focus. */
function EmptyTrash({ docs, onConfirm, onClose }: { docs: DocumentSummary[]; onConfirm: Props['onConfirm']; onClose: () => void }) {
  const count = docs.length === 1 ? 'The 1 document' : `All ${docs.length} documents`;
  const more = docs.length - NAMED;
  return (
    <>
      <p className="lib-dialog-lead">
        {count} in the trash and {docs.length === 1 ? 'its' : 'their'} whole history will be gone for good. This cannot be undone.
      </p>
      <ul className="lib-dialog-names">
        {docs.slice(0, NAMED).map((doc) => (
          <li key={doc.id}>{doc.name || 'Untitled'}</li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </ul>
      <ForeverActions label={`Delete ${docs.length === 1 ? '1 document' : `${docs.length} documents`} forever`} onDelete={() => onConfirm({ type: 'empty-trash', docs })} onCancel={onClose} />
    </>
  );
}

export default function LibraryDialogs({ dialog, onClose, onConfirm, knownTags = [] }: Props) {
  const titleId = useId();
  const d = dialog;
  const titles: Record<LibraryDialog['type'], string> = {
    delete: 'Move to the trash?',
    purge: 'Delete forever?',
    'empty-trash': 'Empty the trash?',
    tags: 'Edit tags',
    history: 'History',
    import: 'Already in your library',
  };
  return (
    <Modal
      open={!!d}
      onClose={onClose}
      titleId={titleId}
      title={d ? titles[d.type] : ''}
      eyebrow={d && 'doc' in d ? d.doc.name : undefined}
      className={d?.type === 'history' ? 'lib-dialog kit-history' : 'lib-dialog'}
    >
      {d?.type === 'delete' && (
        <>
          <p className="lib-dialog-lead">“{d.doc.name}” goes to the trash, where it stays for 30 days and can be restored.</p>
          {d.references.length > 0 && (
            <div className="lib-warning" role="note">
              <p>{d.references.length === 1 ? 'A character carries' : `${d.references.length} characters carry`} a copy of it. Their copies stay as they are:</p>
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
          <ForeverActions label="Delete forever" onDelete={() => onConfirm({ type: 'purge', doc: d.doc })} onCancel={onClose} />
        </>
      )}
      {d?.type === 'empty-trash' && <EmptyTrash docs={d.docs} onConfirm={onConfirm} onClose={onClose} />}
      {d?.type === 'tags' && <TagsForm doc={d.doc} known={knownTags} onConfirm={onConfirm} onClose={onClose} />}
      {d?.type === 'history' && <History dialog={d} onConfirm={onConfirm} />}
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

/** A deletion that cannot be undone: the danger button, and Cancel with the focus (a slip of Enter keeps the documents). */
function ForeverActions({ label, onDelete, onCancel }: { label: string; onDelete: () => void; onCancel: () => void }) {
  return (
    <div className="lib-dialog-actions">
      <button type="button" className="btn btn-danger" onClick={onDelete}>
        {label}
      </button>
      <button type="button" className="btn" onClick={onCancel} data-autofocus>
        Cancel
      </button>
    </div>
  );
}
