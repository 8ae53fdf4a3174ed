/**
 * An accessible modal on the native <dialog>: labelled by its title, focus
 * kept inside (Tab and Shift+Tab wrap), Escape closes, and focus goes back
 * to whatever opened it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import '../../styles/dialog.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  open: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  eyebrow?: string;
  className?: string;
  children: ReactNode;
}

export default function Modal({ open, onClose, titleId, title, eyebrow, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      d.showModal();
      const first = d.querySelector<HTMLElement>('[data-autofocus]') ?? d.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    } else if (!open && d.open) {
      d.close();
    }
    if (!open && opener.current) {
      const target = opener.current;
      opener.current = null;
      // The opener may have been replaced meanwhile (signed in ⇒ avatar button).
      (target.isConnected ? target : document.querySelector<HTMLElement>('[data-account-button]'))?.focus();
    }
  }, [open]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || !ref.current?.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog account-dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // A close the page did not ask for (the browser's own). The close that follows
      // open → false arrives as a task later; if another dialog reopened this element
      // meanwhile (History closed by Escape, then an import's question), it is stale
      // and must not close the new one.
      onClose={() => open && !ref.current?.open && onClose()}
      onMouseDown={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="account-dialog-panel">
          <div className="account-dialog-head">
            <div>
              {eyebrow && <p className="eyebrow">{eyebrow}</p>}
              <h2 id={titleId}>{title}</h2>
            </div>
            <button type="button" className="icon-btn account-dialog-close" onClick={onClose}>
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
              <span className="visually-hidden">Close</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
