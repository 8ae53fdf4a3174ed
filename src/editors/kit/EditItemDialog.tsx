/**
 * The edit-item dialog: one item of a list edited in place (a feature with
 * its ranks and sub-features, an effect with its potency). Built on the
 * site's Modal (labelled, focus trapped, Escape cancels, focus returns);
 * Enter confirms, except in a multi-line text or on a button.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import Modal from '../../components/account/Modal';

export interface EditItemDialogProps {
  open: boolean;
  title: string;
  /** Small line above the title, e.g. "Feature". */
  eyebrow?: string;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
  /** The confirm button is disabled with this reason shown (dialogs may still block nothing: omit to allow). */
  confirmBlocked?: string;
  children: ReactNode;
}

export function EditItemDialog({ open, title, eyebrow, onCancel, onConfirm, confirmLabel = 'Done', confirmBlocked, children }: EditItemDialogProps) {
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  // Focus starts on the item's first field rather than the close button (Modal runs first; this refines it).
  useEffect(() => {
    if (!open) return;
    const el = body.current;
    if (!el || el.querySelector('[data-autofocus]')) return;
    el.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])')?.focus();
  }, [open]);
  return (
    <Modal open={open} onClose={onCancel} titleId={titleId} title={title} eyebrow={eyebrow} className="kit-dialog">
      <form
        className="kit-dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!confirmBlocked) onConfirm();
        }}
        onKeyDown={(e) => {
          const t = e.target as HTMLElement;
          // Enter on a checkbox or radio does not submit a form natively; here it confirms.
          if (e.key === 'Enter' && !e.shiftKey && t instanceof HTMLInputElement && (t.type === 'checkbox' || t.type === 'radio')) {
            e.preventDefault();
            if (!confirmBlocked) onConfirm();
          }
        }}
      >
        <div className="kit-dialog-body" ref={body}>
          {children}
        </div>
        {confirmBlocked && <p className="kit-dialog-blocked">{confirmBlocked}</p>}
        <div className="kit-dialog-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" aria-disabled={confirmBlocked ? true : undefined}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A yes/no question in the same dialog (changing a type, deleting). */
export function ConfirmDialog(props: { open: boolean; title: string; message: ReactNode; confirmLabel: string; onCancel: () => void; onConfirm: () => void }) {
  return (
    <EditItemDialog open={props.open} title={props.title} onCancel={props.onCancel} onConfirm={props.onConfirm} confirmLabel={props.confirmLabel}>
      <div className="kit-confirm-text">{props.message}</div>
    </EditItemDialog>
  );
}
