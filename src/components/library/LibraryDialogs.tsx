/**
 * The library's questions: delete (with what refers to the document),
 * delete forever, tags, history, and the replace / keep-both question of
 * an import. Each is a Modal (focus kept inside, Escape closes).
 */
import { useId, useState } from 'react';
import Modal from '../account/Modal';
import type { DocumentSummary, NucleusDocument } from '../../storage';
import { VersionHistory } from '../history/VersionHistory';
import { parseTags } from './actions';
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

/**
 * Tags as chips: Enter or a comma adds what is typed as a chip (it never
 * saves or closes), Backspace in the empty box takes the last one back, ×
 * removes one; suggestions are the tags already used. "Save tags" saves.
 */
function Tags({ doc, known, onConfirm, onClose }: { doc: DocumentSummary; known: readonly string[]; onConfirm: Props['onConfirm']; onClose: () => void }) {
  const [tags, setTags] = useState<string[]>(doc.tags);
  const [text, setText] = useState('');
  const inputId = useId();
  const add = (raw: string) => {
    const next = parseTags(raw).filter((t) => !tags.includes(t));
    if (next.length) setTags([...tags, ...next]);
    setText('');
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm({ type: 'tags', doc, tags: parseTags([...tags, text].join(',')) });
      }}
    >
      <label htmlFor={inputId} className="lib-label">
        Add a tag
      </label>
      <ul className="lib-tag-chips" aria-label="Tags">
        {tags.map((t) => (
          <li key={t} className="lib-tag-chip">
            {t}
            <button type="button" className="lib-tag-remove" onClick={() => setTags(tags.filter((x) => x !== t))}>
              <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
              <span className="visually-hidden">Remove {t}</span>
            </button>
          </li>
        ))}
      </ul>
      <input
        id={inputId}
        className="lib-input"
        value={text}
        list={`${inputId}-known`}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (v.includes(',')) add(v);
          else setText(v);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add(text);
          } else if (e.key === 'Backspace' && !text && tags.length) setTags(tags.slice(0, -1));
        }}
        data-autofocus
        autoComplete="off"
        aria-describedby={`${inputId}-hint`}
      />
      <p id={`${inputId}-hint`} className="lib-hint">
        Enter or a comma adds the tag; Save tags keeps them.
      </p>
      <datalist id={`${inputId}-known`}>
        {known
          .filter((t) => !tags.includes(t))
          .map((t) => (
            <option key={t} value={t} />
          ))}
      </datalist>
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

export default function LibraryDialogs({ dialog, onClose, onConfirm, knownTags = [] }: Props) {
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
      {d?.type === 'tags' && <Tags doc={d.doc} known={knownTags} onConfirm={onConfirm} onClose={onClose} />}
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
