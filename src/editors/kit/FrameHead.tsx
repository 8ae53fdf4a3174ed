/**
 * The top of an open document: the read-only banner of a shared one, its
 * Name, the save state, undo and redo, and the document menu.
 */
import { TextField } from './fields';
import { DocumentMenu, type MenuAction } from './DocumentMenu';
import { canRedo, canUndo, type History } from './history';
import { SAVE_STATE_TEXT, type SaveState } from './session';

interface FrameHeadProps {
  noun: string;
  readOnly: boolean;
  /** What the editor filled in or left out of a shared document. */
  shareNotice?: string | undefined;
  saveState: SaveState;
  history: History<unknown>;
  undo: () => void;
  redo: () => void;
  actions: MenuAction[];
  saveCopy: () => void;
}

export function FrameHead({ noun, readOnly, shareNotice, saveState, history, undo, redo, actions, saveCopy }: FrameHeadProps) {
  return (
    <>
      {readOnly && (
        <div className="kit-banner" role="region" aria-label="Shared document">
          <p>
            <strong>A shared {noun}, read-only.</strong> Save a copy to change it; it will be yours, on this device.
          </p>
          {shareNotice && <p className="kit-share-note">{shareNotice}</p>}
          <button type="button" className="btn btn-primary" onClick={saveCopy}>
            Save a copy
          </button>
        </div>
      )}
      <div className="kit-frame-head">
        <TextField path="name" label="Name" large placeholder={`Name this ${noun}`} />
        <div className="kit-frame-tools">
          {!readOnly && (
            <p className={`kit-save-state is-${saveState}`} role="status" data-save-state={saveState}>
              {SAVE_STATE_TEXT[saveState]}
            </p>
          )}
          {!readOnly && (
            <div className="kit-undo" role="group" aria-label="Undo and redo">
              <button type="button" className="btn kit-small" onClick={undo} disabled={!canUndo(history)} aria-keyshortcuts="Control+Z Meta+Z">
                Undo
              </button>
              <button type="button" className="btn kit-small" onClick={redo} disabled={!canRedo(history)} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">
                Redo
              </button>
            </div>
          )}
          <DocumentMenu actions={actions} readOnly={readOnly} />
        </div>
      </div>
    </>
  );
}
