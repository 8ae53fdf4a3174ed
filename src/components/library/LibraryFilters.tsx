/** What the library shows: search, kind, sort and tags (kept in the URL), documents or trash, and files in and out. */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { DOCUMENT_KINDS, type DocumentKind } from '../../rules';
import { $filters, $liveCount, $tagsInUse, $trashCount, $usage, setFilters } from './libraryStore';
import * as lib from './libraryState';
import { formatBytes } from './actions';

const KIND_LABEL: Record<DocumentKind, string> = { blueprint: 'Blueprints', core: 'Cores', character: 'Characters', creature: 'Creatures', encounter: 'Encounters', pack: 'Packs' };

/** Search, kind and sort (kept in the URL), and files in and out. */
export function Toolbar() {
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
export function FilterBar({ showSync }: { showSync: boolean }) {
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
