/** The library's documents: the rows shown (or why there are none), selecting them, and more on demand. */
import { useStore } from '@nanostores/react';
import { $syncStates } from '../../storage/sync';
import { $documents, $filters, $liveCount, $trashCount, $visible } from './libraryStore';
import * as lib from './libraryState';
import LibraryRow from './LibraryRow';

/** In the trash: how long documents stay, and the way to empty it (one question first). */
export function TrashBar() {
  const trash = useStore($filters).view === 'trash';
  const trashCount = useStore($trashCount);
  if (!trash || trashCount === 0) return null;
  return (
    <div className="lib-trashbar">
      <p>Deleted documents stay here for 30 days, then are deleted forever.</p>
      <button type="button" className="btn btn-danger" onClick={lib.askEmptyTrash}>
        Empty the trash
      </button>
    </div>
  );
}

/** Select all shown, and export the selection. */
export function SelectBar() {
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
export function DocumentList({ showSync }: { showSync: boolean }) {
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
