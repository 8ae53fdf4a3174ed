/**
 * One document in the library list, with its actions menu (a disclosure:
 * a button that shows a short list of buttons; Escape closes it and gives
 * focus back to the button). Rows in the trash have restore / delete forever.
 */
import { memo, useEffect, useId, useRef, useState } from 'react';
import { editorHref, hasEditor, type DocumentSummary, type SyncState } from '../../storage';
import { shortId } from '../../storage/names';
import { formatDate } from './actions';
import type { RowAction } from './libraryState';

export type { RowAction };

const SYNC_LABEL: Record<SyncState, string> = { local: 'On this device only', synced: 'Synced', waiting: 'Waiting to sync', conflict: 'Conflict' };

interface Props {
  doc: DocumentSummary;
  selected: boolean;
  /** Another document of this kind has this name: the row shows its created date and short id. */
  sameName?: boolean;
  /** The sync state to show (the account library); undefined: no sync column. */
  sync?: SyncState;
  onSelect: (id: string, on: boolean) => void;
  onAction: (action: RowAction, doc: DocumentSummary, opener: HTMLElement) => void;
}

function Menu({ doc, onAction }: Pick<Props, 'doc' | 'onAction'>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector('button')?.focus();
    const away = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  const choose = (action: RowAction) => {
    setOpen(false);
    onAction(action, doc, button.current!);
  };
  // A share link opens an editor: a kind none opens yet (a pack) is shared as an exported file.
  const items = (
    [
      ['duplicate', 'Duplicate'],
      ['export', 'Export'],
      ['tags', 'Edit tags'],
      ['history', 'History'],
      ['share', 'Copy share link'],
      ['delete', 'Delete'],
    ] as [RowAction, string][]
  ).filter(([action]) => action !== 'share' || hasEditor(doc.kind));
  return (
    <div
      className="lib-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className="icon-btn" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
        <span className="visually-hidden">Actions for {doc.name}</span>
      </button>
      <div ref={panel} id={id} className="lib-menu-panel" hidden={!open}>
        {items.map(([action, label]) => (
          <button key={action} type="button" className={action === 'delete' ? 'is-danger' : undefined} onClick={() => choose(action)}>
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

const createdFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function LibraryRow({ doc, selected, sameName, sync, onSelect, onAction }: Props) {
  const trashed = !!doc.deletedAt;
  const nameId = useId();
  return (
    <li className={`lib-row${trashed ? ' is-trashed' : ''}`} data-document-id={doc.id} data-sync-state={sync}>
      <input type="checkbox" className="lib-check" checked={selected} aria-labelledby={nameId} onChange={(e) => onSelect(doc.id, e.currentTarget.checked)} />
      <div className="lib-main">
        <p className="lib-name" id={nameId}>
          {trashed || doc.problem || !hasEditor(doc.kind) ? <span>{doc.name}</span> : <a href={editorHref(doc.kind, doc.id)}>{doc.name || 'Untitled'}</a>}
          {doc.problem ? (
            <span className="lib-flag is-error" title={doc.problem}>
              cannot be read
            </span>
          ) : (
            !doc.valid && (
              <span className="lib-flag" title="This document breaks a rule; the editor shows which.">
                has rule issues
              </span>
            )
          )}
        </p>
        <p className="lib-meta">
          <span className={`lib-kind kind-${doc.kind}`}>{doc.kind}</span>
          {sameName && (
            <span className="lib-same-name" data-same-name>
              made <time dateTime={doc.createdAt}>{createdFormat.format(new Date(doc.createdAt))}</time> · #{shortId(doc.id)}
            </span>
          )}
          <span>
            {trashed ? 'Deleted ' : 'Changed '}
            <time dateTime={trashed ? doc.deletedAt : doc.updatedAt}>{formatDate(trashed ? doc.deletedAt! : doc.updatedAt)}</time>
          </span>
          {doc.tags.length > 0 && (
            <span className="lib-tags">
              <span className="visually-hidden">Tags: </span>
              {doc.tags.map((t) => (
                <span key={t} className="lib-tag">
                  {t}
                </span>
              ))}
            </span>
          )}
        </p>
        {doc.problem && <p className="lib-problem">{doc.problem}</p>}
      </div>
      {sync && (
        <span className={`lib-sync sync-${sync}`} data-sync={sync}>
          {SYNC_LABEL[sync]}
        </span>
      )}
      {trashed ? (
        <div className="lib-row-actions">
          <button type="button" className="btn" onClick={(e) => onAction('restore', doc, e.currentTarget)}>
            Restore<span className="visually-hidden"> {doc.name}</span>
          </button>
          <button type="button" className="btn btn-danger" onClick={(e) => onAction('purge', doc, e.currentTarget)}>
            Delete forever<span className="visually-hidden"> {doc.name}</span>
          </button>
        </div>
      ) : (
        <Menu doc={doc} onAction={onAction} />
      )}
    </li>
  );
}

export default memo(LibraryRow);
