/**
 * The library of this device's documents (on /nucleus, and on
 * /nucleus/library with `showSync`, where the cloud layer fills each
 * document's `sync`). Filters live in the URL; the list shows PAGE rows at
 * a time so a library of thousands stays quick; files are imported by the
 * picker or by dropping them anywhere on the library.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useStore } from '@nanostores/react';
import { DOCUMENT_KINDS, type DocumentKind } from '../../rules';
import { $syncStates } from '../../storage/sync';
import { $user } from '../../stores/user';
import { withBoundary } from '../IslandBoundary';
import { $documents, $filters, $liveCount, $loadError, $tagsInUse, $trashCount, $usage, $visible, setFilters } from './libraryStore';
import * as lib from './libraryState';
import { formatBytes } from './actions';
import LibraryRow from './LibraryRow';
import LibraryDialogs from './LibraryDialogs';
import '../account/account.css';
import './library.css';

const KIND_LABEL: Record<DocumentKind, string> = { blueprint: 'Blueprints', core: 'Cores', character: 'Characters', creature: 'Creatures', encounter: 'Encounters' };

interface Props {
  /** Show each document's sync state (the account library): cloud sync's $syncStates, else the stored `sync`. */
  showSync?: boolean;
}

/** Files dropped anywhere on the library are imported; `dragging` shows the drop hint meanwhile. */
function useFileDrop() {
  const [dragging, setDragging] = useState(false);
  // Entering a child fires enter before the parent's leave: count, so the hint does not flicker.
  const dragDepth = useRef(0);
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
      void lib.importFiles([...e.dataTransfer.files]);
    },
  };
  return { dragging, dragProps };
}

/** Search, kind and sort (kept in the URL), and files in and out. */
function Toolbar() {
  const filters = useStore($filters);
  const liveCount = useStore($liveCount);
  const ids = { search: useId(), kind: useId(), sort: useId(), file: useId() };
  return (
    <>
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
              void lib.importFiles(files);
            }}
          />
          <button type="button" className="btn" disabled={!liveCount} onClick={() => void lib.exportEverything()}>
            Export library
          </button>
        </div>
      </div>
    </>
  );
}

/** Tags to filter by, documents or trash, and the storage used on this device. */
function FilterBar({ showSync }: Props) {
  const filters = useStore($filters);
  const tags = useStore($tagsInUse);
  const liveCount = useStore($liveCount);
  const trashCount = useStore($trashCount);
  const usage = useStore($usage);
  const trash = filters.view === 'trash';
  return (
    <>
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
            {usage ? `${usage.documents} ${usage.documents === 1 ? 'document' : 'documents'}, ${formatBytes(usage.bytes)} stored on this device` : ''}
            {usage?.quota ? ` (the browser allows ${formatBytes(usage.quota)})` : ''}
          </p>
        )}
      </div>
    </>
  );
}

/** The sentence after an operation, and why the documents could not be read. */
function Notices() {
  const notice = useStore(lib.$notice);
  const loadError = useStore($loadError);
  return (
    <>
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
            {notice.trashed && (
              <div className="lib-notice-actions">
                <button type="button" className="btn" onClick={() => void lib.undoTrash()}>
                  Undo
                </button>
                <button type="button" className="btn" onClick={lib.showTrash}>
                  Show the trash
                </button>
              </div>
            )}
            <button type="button" className="lib-notice-close" onClick={lib.dismissNotice}>
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
    </>
  );
}

/** Select all shown, and export the selection. */
function SelectBar() {
  const page = useStore(lib.$page);
  const trash = useStore($filters).view === 'trash';
  const selectedDocs = useStore(lib.$selectedDocs);
  const allShownSelected = useStore(lib.$allShownSelected);
  return (
    <>
      {page.length > 0 && (
        <div className="lib-selectbar">
          <label className="lib-selectall">
            <input type="checkbox" checked={allShownSelected} onChange={(e) => lib.selectAllShown(e.currentTarget.checked)} />
            Select all shown
          </label>
          {selectedDocs.length > 0 && !trash && (
            <button type="button" className="btn" onClick={() => void lib.exportSelected()}>
              Export {selectedDocs.length} selected
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** The rows shown, or why there are none, and more on demand. */
function DocumentList({ showSync }: Props) {
  const docs = useStore($documents);
  const visible = useStore($visible);
  const trash = useStore($filters).view === 'trash';
  const liveCount = useStore($liveCount);
  const syncStates = useStore($syncStates);
  const shown = useStore(lib.$shown);
  const selected = useStore(lib.$selected);
  const page = useStore(lib.$page);
  const repeated = useStore(lib.$repeatedNames);
  return (
    <>
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
            <LibraryRow key={d.id} doc={d} selected={selected.has(d.id)} sameName={repeated.has(d.id)} sync={showSync ? (syncStates[d.id] ?? d.sync ?? 'local') : undefined} onSelect={lib.select} onAction={lib.rowAction} />
          ))}
        </ul>
      )}
      {visible.length > shown && (
        <button type="button" className="btn lib-more" onClick={lib.showMore}>
          Show {Math.min(lib.PAGE, visible.length - shown)} more (of {visible.length})
        </button>
      )}
    </>
  );
}

function Library({ showSync: syncPage = false }: Props) {
  // Sync states mean something only to a signed-in reader; a guest's library is this device's.
  const user = useStore($user);
  const showSync = syncPage && user !== null;
  const docs = useStore($documents);
  const tags = useStore($tagsInUse);
  const dialog = useStore(lib.$dialog);
  const busy = useStore(lib.$busy);
  const { dragging, dragProps } = useFileDrop();

  useEffect(() => lib.startLibraryState(), []);
  return (
    <div className={`lib${dragging ? ' is-dragging' : ''}`} {...dragProps} aria-busy={docs === null || busy}>
      <Toolbar />

      <FilterBar showSync={showSync} />

      <Notices />

      <SelectBar />

      <DocumentList showSync={showSync} />
      <p className="lib-drop-hint" aria-hidden={!dragging}>
        Drop .nucleus.json files to import them
      </p>
      <LibraryDialogs dialog={dialog} onClose={lib.closeDialog} onConfirm={(step) => void lib.confirm(step)} knownTags={tags} />
    </div>
  );
}

export default withBoundary('library', Library);
