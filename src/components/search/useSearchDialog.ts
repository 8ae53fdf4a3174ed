/**
 * The search dialog's DOM behaviour that is not markup: the native dialog and
 * its focus, the keyboard shortcuts, and focus on what a result opened.
 */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Focus on what a result opened: the element of its anchor, else the page's
 * main heading, else its main region (made focusable without joining the tab order).
 */
export function focusOpened(href: string): void {
  const hash = decodeURIComponent(new URL(href, location.href).hash.slice(1));
  const target = (hash && document.getElementById(hash)) || document.querySelector<HTMLElement>('main h1') || document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

/** The native dialog follows the state; focus goes into the field on opening and back where it was on closing. */
export function useDialogElement(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (!open && d.open) {
      d.close();
    }
    if (!open) returnFocus.current?.focus?.();
  }, [open]);
  return { dialogRef, inputRef, returnFocus };
}

/** Shortcuts: Ctrl/Cmd+K anywhere, `/` when not typing; the root says search is ready for them. */
export function useShortcuts(show: () => void, close: () => void, dialogRef: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (dialogRef.current?.open) close();
        else show();
      } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target) && !dialogRef.current?.open) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    document.documentElement.dataset.searchReady = 'true';
    return () => window.removeEventListener('keydown', onKey);
  }, [show, close, dialogRef]);
}
