/**
 * The dialogs of an open document's menu: its share link (one way to close
 * it: the close button, or Escape), its history (a version restored is a new
 * save), and the question before it goes to the trash.
 */
import { useEffect, useId } from 'react';
import type { Catalogues, NucleusDocument } from '../../rules/engine';
import type { Version } from '../../storage/types';
import Modal from '../../components/account/Modal';
import { ConfirmDialog } from './EditItemDialog';
import { HistoryDialog } from './HistoryDialog';
import { CopyLink } from './CopyLink';
import type { EditorDefinition } from './definition';

/** The Share link dialog's content: being made (empty), made, or why not. */
export interface ShareState {
  url?: string;
  note?: string;
  error?: string;
}

interface FrameDialogsProps<D extends NucleusDocument> {
  doc: D;
  definition: EditorDefinition<D>;
  catalogues: Partial<Catalogues>;
  share: ShareState | null;
  closeShare: () => void;
  versions: Version[] | null;
  closeHistory: () => void;
  restore: (id: string) => void;
  confirmDelete: boolean;
  cancelDelete: () => void;
  moveToTrash: () => void;
}

export function FrameDialogs<D extends NucleusDocument>({ doc, definition, catalogues, share, closeShare, versions, closeHistory, restore, confirmDelete, cancelDelete, moveToTrash }: FrameDialogsProps<D>) {
  const noun = definition.noun;
  const shareTitleId = useId();
  // The link is made after the dialog opens: once it is there, it has the focus (selected, ready to copy).
  useEffect(() => {
    if (share?.url) document.getElementById('kit-share-url')?.focus();
  }, [share?.url]);
  return (
    <>
      {/* One way out: the dialog's close button (and Escape); Copy link is the one action. */}
      <Modal open={!!share} onClose={closeShare} titleId={shareTitleId} title="Share link" eyebrow={noun} className="kit-dialog">
        <div className="kit-dialog-body">
          {share?.error ? (
            <p role="alert">{share.error}</p>
          ) : share?.url ? (
            <>
              <p>Anyone with this link sees this {noun} read-only and can save a copy. {share.note ? 'No server keeps it.' : `The link holds the whole ${noun}; no server keeps it.`}</p>
              {share.note && <p className="kit-share-note">{share.note}</p>}
              <label className="kit-label" htmlFor="kit-share-url">
                Link
              </label>
              <input id="kit-share-url" className="kit-input" readOnly value={share.url} onFocus={(e) => e.currentTarget.select()} data-autofocus />
              <CopyLink key={share.url} url={share.url} inputId="kit-share-url" />
            </>
          ) : (
            <p>Making the link…</p>
          )}
        </div>
      </Modal>

      <HistoryDialog
        versions={versions}
        current={doc}
        definition={definition}
        catalogues={catalogues}
        noun={noun}
        onClose={closeHistory}
        onRestore={restore}
      />

      <ConfirmDialog
        open={confirmDelete}
        title={`Delete this ${noun}?`}
        message={<p>“{doc.name || `Untitled ${noun}`}” goes to the trash; you can bring it back from there.</p>}
        confirmLabel="Delete"
        onCancel={cancelDelete}
        onConfirm={moveToTrash}
      />
    </>
  );
}
