/**
 * The document menu: a disclosure button opening a list of actions
 * (New, Duplicate, Import…, Export, Share link, Print, History, Delete).
 * Escape or a click outside closes it and focus returns to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';

export interface MenuAction {
  label: string;
  run: () => void;
  /** Hidden in read-only (shared) mode. */
  writes?: boolean;
  danger?: boolean;
}

export function DocumentMenu({ actions, readOnly }: { actions: MenuAction[]; readOnly: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!list.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const shown = actions.filter((a) => !(readOnly && a.writes));
  return (
    <div className="kit-menu">
      <button ref={button} type="button" className="btn" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Document
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <ul
        ref={list}
        id={id}
        className="kit-menu-list"
        hidden={!open}
        aria-label="Document actions"
        onKeyDown={(e) => {
          const items = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
          const at = items.indexOf(document.activeElement as HTMLButtonElement);
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
          } else if (e.key === 'Home' || e.key === 'End') {
            e.preventDefault();
            items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
          }
        }}
        onBlur={(e) => {
          if (!list.current?.contains(e.relatedTarget as Node) && e.relatedTarget !== button.current) setOpen(false);
        }}
      >
        {shown.map((a) => (
          <li key={a.label}>
            <button
              type="button"
              className={`kit-menu-item${a.danger ? ' is-danger' : ''}`}
              onClick={() => {
                close(false);
                a.run();
              }}
            >
              {a.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
