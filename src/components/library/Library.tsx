/**
 * The library of this device's documents (on /nucleus, and on
 * /nucleus/library with `showSync`, where the cloud layer fills each
 * document's `sync`). Filters live in the URL; the list shows PAGE rows at
 * a time so a library of thousands stays quick; files are imported by the
 * picker or by dropping them anywhere on the library.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useStore } from '@nanostores/react';
import { DOCUMENT_KINDS, type DocumentKind } from '../../rules';
import { ImportError, problemLine, referencesTo, shareLink, type DocumentSummary } from '../../storage';
import { $syncStates } from '../../storage/sync';
import { withBoundary } from '../IslandBoundary';
import { $documents, $filters, $liveCount, $loadError, $tagsInUse, $trashCount, $usage, $visible, setFilters, startLibrary } from './libraryStore';
import * as act from './actions';
import LibraryRow, { type RowAction } from './LibraryRow';
import LibraryDialogs, { type ConfirmedStep, type LibraryDialog } from './LibraryDialogs';
import '../account/account.css';
import './library.css';

export const PAGE = 100;
const KIND_LABEL: Record<DocumentKind, string> = { blueprint: 'Blueprints', core: 'Cores', character: 'Characters', creature: 'Creatures' };

interface Props {
  /** Show each document's sync state (the account library): cloud sync's $syncStates, else the stored `sync`. */
  showSync?: boolean;
}

type Notice = { tone: 'ok' | 'error'; text: string; lines?: string[] };

function Library({ showSync = false }: Props) {
  const docs = useStore($documents);
  const visible = useStore($visible);
  const filters = useStore($filters);
  const tags = useStore($tagsInUse);
  const trashCount = useStore($trashCount);
  const liveCount = useStore($liveCount);
  const usage = useStore($usage);
  const loadError = useStore($loadError);
  const syncStates = useStore($syncStates);
  const [shown, setShown] = useState(PAGE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<LibraryDialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { search: useId(), kind: useId(), sort: useId(), file: useId() };
  const dragDepth = useRef(0);

  useEffect(() => startLibrary(), []);
  useEffect(() => setShown(PAGE), [filters]);
  // Selection only ever holds documents that are on the list.
  useEffect(() => {
    setSelected((s) => {
      const onList = new Set(visible.map((d) => d.id));
      const next = new Set([...s].filter((id) => onList.has(id)));
      return next.size === s.size ? s : next;
    });
  }, [visible]);

  const run = useCallback(async (work: () => Promise<string> | string) => {
    setBusy(true);
    try {
      setNotice({ tone: 'ok', text: await work() });
    } catch (e) {
      if (e instanceof ImportError) {
        setNotice({ tone: 'error', text: e.message, lines: e.problems.length > 1 ? e.problems.slice(0, 12).map(problemLine) : undefined });
      } else setNotice({ tone: 'error', text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }, []);

  const importFiles = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        let pending: act.PendingImport;
        try {
          pending = await act.readImport(file);
        } catch (e) {
          await run(() => Promise.reject(e));
          return;
        }
        if (pending.collisions.length) {
          setDialog({ type: 'import', pending });
          return; // the dialog's answer continues this one file
        }
        await run(() => act.finishImport(pending, 'keep-both'));
      }
    },
    [run],
  );

  const onAction = useCallback(
    (action: RowAction, doc: DocumentSummary) => {
      switch (action) {
        case 'duplicate':
          return void run(() => act.duplicate(doc));
        case 'export':
          return void run(() => act.exportOne(doc));
        case 'tags':
        case 'history':
        case 'purge':
          return setDialog({ type: action, doc });
        case 'delete':
          return setDialog({ type: 'delete', doc, references: referencesTo($documents.get() ?? [], doc.id) });
        case 'restore':
          return void run(() => act.restoreFromTrash(doc));
        case 'share':
          return void run(async () => {
            const url = await shareLink((await act.full(doc)).document);
            try {
              await navigator.clipboard.writeText(url);
              return `Copied a share link to "${doc.name}". Whoever opens it sees the document read-only and can save a copy.`;
            } catch {
              return `Share link to "${doc.name}": ${url}`;
            }
          });
      }
    },
    [run],
  );

  const onConfirm = useCallback(
    (step: ConfirmedStep) => {
      setDialog(null);
      void run(() => {
        switch (step.type) {
          case 'delete':
            return act.moveToTrash(step.doc);
          case 'purge':
            return act.deleteForever(step.doc);
          case 'tags':
            return act.saveTags(step.doc, step.tags);
          case 'restore-version':
            return act.restoreVersion(step.doc, step.version.id, step.version.savedAt);
          case 'import':
            return act.finishImport(step.pending, step.choice);
        }
      });
    },
    [run],
  );

  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const page = useMemo(() => visible.slice(0, shown), [visible, shown]);
  const trash = filters.view === 'trash';
  const allShownSelected = page.length > 0 && page.every((d) => selected.has(d.id));
  const selectedDocs = visible.filter((d) => selected.has(d.id));

  const dragProps = {
    onDragEnter: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('Files')) return;
      dragDepth.current++;
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes('Files')) e.preventDefault();
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (!dragDepth.current) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      void importFiles([...e.dataTransfer.files]);
    },
  };

  return (
    <div className={`lib${dragging ? ' is-dragging' : ''}`} {...dragProps} aria-busy={docs === null || busy}>
      <div className="lib-toolbar">
        <div className="lib-field lib-search">
          <label htmlFor={ids.search}>Search by name</label>
          <input id={ids.search} type="search" className="lib-input" value={filters.text} onChange={(e) => setFilters({ text: e.currentTarget.value })} autoComplete="off" />
        </div>
        <div className="lib-field">
          <label htmlFor={ids.kind}>Kind</label>
          <select id={ids.kind} className="lib-input" value={filters.kind ?? ''} onChange={(e) => setFilters({ kind: (e.currentTarget.value || undefined) as DocumentKind | undefined })}>
            <option value="">All kinds</option>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="lib-field">
          <label htmlFor={ids.sort}>Sort by</label>
          <select id={ids.sort} className="lib-input" value={filters.sort} onChange={(e) => setFilters({ sort: e.currentTarget.value === 'name' ? 'name' : 'updated' })}>
            <option value="updated">Last change</option>
            <option value="name">Name</option>
          </select>
        </div>
        <div className="lib-toolbar-actions">
          <label className="btn lib-import" htmlFor={ids.file}>
            Import files
          </label>
          <input
            id={ids.file}
            type="file"
            className="visually-hidden lib-file"
            accept=".json,application/json"
            multiple
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void importFiles(files);
            }}
          />
          <button type="button" className="btn" disabled={!liveCount} onClick={() => void run(() => act.exportMany('everything', 'nucleus-library'))}>
            Export library
          </button>
        </div>
      </div>

      {tags.length > 0 && !trash && (
        <div className="lib-tagbar" role="group" aria-label="Filter by tag">
          {tags.slice(0, 40).map((t) => {
            const on = filters.tags.includes(t);
            return (
              <button key={t} type="button" className="lib-tag-filter" aria-pressed={on} onClick={() => setFilters({ tags: on ? filters.tags.filter((x) => x !== t) : [...filters.tags, t] })}>
                {t}
              </button>
            );
          })}
        </div>
      )}

      <div className="lib-views" role="group" aria-label="Show">
        <button type="button" aria-pressed={!trash} onClick={() => setFilters({ view: 'documents' })}>
          Documents <span className="lib-count">{liveCount}</span>
        </button>
        <button type="button" aria-pressed={trash} onClick={() => setFilters({ view: 'trash' })}>
          Trash <span className="lib-count">{trashCount}</span>
        </button>
        {/* The account library shows storage here and in the cloud in its own panel. */}
        {!showSync && (
          <p className="lib-usage">
            {usage ? `${usage.documents} ${usage.documents === 1 ? 'document' : 'documents'}, ${act.formatBytes(usage.bytes)} stored on this device` : ''}
            {usage?.quota ? ` (the browser allows ${act.formatBytes(usage.quota)})` : ''}
          </p>
        )}
      </div>

      <div className="lib-notice" role={notice?.tone === 'error' ? 'alert' : 'status'} aria-live="polite">
        {notice && (
          <div className={`lib-notice-box is-${notice.tone}`}>
            <p>{notice.text}</p>
            {notice.lines && (
              <ul>
                {notice.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            )}
            <button type="button" className="lib-notice-close" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </div>
        )}
      </div>
      {loadError && (
        <p className="lib-notice-box is-error" role="alert">
          {loadError}
        </p>
      )}

      {page.length > 0 && (
        <div className="lib-selectbar">
          <label className="lib-selectall">
            <input
              type="checkbox"
              checked={allShownSelected}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setSelected(new Set(on ? page.map((d) => d.id) : []));
              }}
            />
            Select all shown
          </label>
          {selectedDocs.length > 0 && !trash && (
            <button type="button" className="btn" onClick={() => void run(() => act.exportMany(selectedDocs, 'nucleus-selection'))}>
              Export {selectedDocs.length} selected
            </button>
          )}
        </div>
      )}

      {docs === null ? (
        <p className="lib-empty">Reading your documents…</p>
      ) : page.length === 0 ? (
        <p className="lib-empty">
          {trash
            ? 'The trash is empty. Deleted documents stay here for 30 days.'
            : liveCount === 0
              ? showSync
                ? 'No documents yet. What you make in the editors while signed in is kept on this device and in your account; you can also import a .nucleus.json file (drop it here).'
                : 'No documents on this device yet. Open an editor above to make one, or import a .nucleus.json file (drop it here).'
              : 'No document matches these filters.'}
        </p>
      ) : (
        <ul className="lib-list" aria-label={trash ? 'Documents in the trash' : 'Your documents'}>
          {page.map((d) => (
            <LibraryRow key={d.id} doc={d} selected={selected.has(d.id)} sync={showSync ? (syncStates[d.id] ?? d.sync ?? 'local') : undefined} onSelect={onSelect} onAction={onAction} />
          ))}
        </ul>
      )}
      {visible.length > shown && (
        <button type="button" className="btn lib-more" onClick={() => setShown((s) => s + PAGE)}>
          Show {Math.min(PAGE, visible.length - shown)} more (of {visible.length})
        </button>
      )}
      <p className="lib-drop-hint" aria-hidden={!dragging}>
        Drop .nucleus.json files to import them
      </p>
      <LibraryDialogs dialog={dialog} onClose={() => setDialog(null)} onConfirm={onConfirm} knownTags={tags} />
    </div>
  );
}

export default withBoundary('library', Library);
