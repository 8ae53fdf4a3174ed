/**
 * The library of this device's documents (on /nucleus, and on
 * /nucleus/library with `showSync`, where the cloud layer fills each
 * document's `sync`). Filters live in the URL; the list shows PAGE rows at
 * a time so a library of thousands stays quick; files are imported by the
 * picker or by dropping them anywhere on the library.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $user } from '../../stores/user';
import { withBoundary } from '../IslandBoundary';
import { $documents, $loadError, $tagsInUse } from './libraryStore';
import * as lib from './libraryState';
import { useFileDrop } from './useFileDrop';
import { FilterBar, Toolbar } from './LibraryFilters';
import { DocumentList, SelectBar, TrashBar } from './LibraryList';
import { KeptEditsList } from './KeptEdits';
import LibraryDialogs from './LibraryDialogs';
import '../account/account.css';
import './library.css';

interface Props {
  /** Show each document's sync state (the account library): cloud sync's $syncStates, else the stored `sync`. */
  showSync?: boolean;
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

      <TrashBar />

      <SelectBar />

      <DocumentList showSync={showSync} />
      <KeptEditsList />
      <p className="lib-drop-hint" aria-hidden={!dragging}>
        Drop .nucleus.json files to import them
      </p>
      <LibraryDialogs dialog={dialog} onClose={lib.closeDialog} onConfirm={(step) => void lib.confirm(step)} knownTags={tags} />
    </div>
  );
}

export default withBoundary('library', Library);
