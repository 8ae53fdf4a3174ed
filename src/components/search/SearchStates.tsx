/** What the search dialog says besides its results. */
import { useStore } from '@nanostores/react';
import { searchDialog as state } from './searchDialogState';

const SUGGESTIONS = ['edge', 'guard', 'overcharge', 'plasma', 'netrunner'];

/** Queries offered as buttons (recent searches, suggestions): a click runs one. */
function QueryChips({ queries, pick }: { queries: readonly string[]; pick: (text: string) => void }) {
  return (
    <ul className="search-chips">
      {queries.map((q) => (
        <li key={q}>
          <button type="button" className="chip" onClick={() => pick(q)}>
            {q}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What the dialog says besides its results: an error, loading, recent searches, the offline note, nothing found. */
export function SearchStates({ pick }: { pick: (text: string) => void }) {
  const q = useStore(state.$query).trim();
  const index = useStore(state.$engine);
  const error = useStore(state.$error);
  const recent = useStore(state.$recent);
  const offline = useStore(state.$offline);
  const { flat, unsaved, loading } = useStore(state.$view);
  return (
    <>
      {error && (
        <p className="search-state" role="alert">
          {error}
        </p>
      )}
      {!error && (!index || loading) && q && flat.length === 0 && <p className="search-state">Loading the search index…</p>}
      {!q && (
        <div className="search-state">
          {recent.length > 0 ? (
            <>
              <p className="search-hint">Recent searches</p>
              <QueryChips queries={recent} pick={pick} />
            </>
          ) : (
            <p className="search-hint">Type to search every page and catalogue entry. Try a rule, a weapon or a faction.</p>
          )}
        </div>
      )}
      {offline && unsaved > 0 && (
        <p className="search-state search-offline" role="note">
          You are offline: {unsaved} result{unsaved === 1 ? ' is' : 's are'} on pages not saved on this device, and {unsaved === 1 ? 'is' : 'are'} not listed.
        </p>
      )}
      {index && q && flat.length === 0 && unsaved === 0 && !loading && (
        <div className="search-state" role="status">
          <p>
            Nothing matched <strong>“{q}”</strong>.
          </p>
          <p className="search-hint">Try fewer or shorter words, or one of these:</p>
          <QueryChips queries={SUGGESTIONS} pick={pick} />
        </div>
      )}
    </>
  );
}
