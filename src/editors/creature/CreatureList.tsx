/**
 * The creature list panel (GAME.md §5): the game master's creatures and the
 * published bestiary together, searchable by name and filterable by kind and
 * threat rank. Own creatures open or duplicate; bestiary creatures are copied
 * (a new document of the game master's own) or read on the rules page.
 */
import { useId, useMemo, useState, type MouseEvent } from 'react';
import { CREATURE_KINDS, type BestiaryEntry, type Creature, capitalized } from '../../rules/engine';
import { useOwnCreatures } from './useOwnCreatures';
import type { DocumentRepository } from '../../storage';
import { whyFailed } from '../../storage/problems';
import { UnreadableDocumentRow, UnreadableEditsRow } from '../kit/Unreadable';
import { copyFromBestiary, creatureRows, duplicateCreature, type CreatureKind, type CreatureListFilter } from './creatureList';


export interface CreatureListProps {
  bestiary: readonly BestiaryEntry[];
  repository: DocumentRepository;
  /** Opens a new document in the editor (already given its id). */
  start: (doc: Creature) => void;
  /** The editor address of one of the game master's creatures (for a new tab, or without script). */
  hrefFor: (id: string) => string;
  /** Opens one of the game master's creatures in place (the editor updates the address; back returns here). */
  open?: (id: string) => void;
  /** The bestiary entry on the rules page. */
  bestiaryHref?: (id: string) => string | undefined;
  newId: () => string;
}

export function CreatureList({ bestiary, repository, start, hrefFor, open, bestiaryHref, newId }: CreatureListProps) {
  const uid = useId();
  const { mine, unreadable, keptEdits, error: readError } = useOwnCreatures(repository);
  const error = readError ? `Your creatures could not be read from this device. ${whyFailed(readError)}` : null;
  const [filter, setFilter] = useState<CreatureListFilter>({ text: '', kind: '', threatRank: 0, source: 'all' });

  // A plain click opens in place, without reloading the page; modified clicks keep the browser's own (new tab, window).
  const openInPlace = (id: string) => (e: MouseEvent) => {
    if (!open || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    open(id);
  };

  const rows = useMemo(() => creatureRows(mine ?? [], bestiary, filter), [mine, bestiary, filter]);
  const now = () => new Date().toISOString();
  const duplicate = async (id: string) => {
    const own = mine?.find((m) => m.id === id);
    if (!own) return;
    start(duplicateCreature(own.document, newId(), now()));
  };
  const copy = (id: string) => {
    const entry = bestiary.find((b) => b.id === id);
    if (entry) start(copyFromBestiary(entry, newId(), now()));
  };

  return (
    <section className="cr-list" aria-labelledby={`${uid}-t`}>
      <h2 id={`${uid}-t`} className="cr-section-title">
        Your creatures and the bestiary
      </h2>
      <form className="cr-list-filters" role="search" aria-label="Find a creature" onSubmit={(e) => e.preventDefault()}>
        <div className="kit-field">
          <label className="kit-label" htmlFor={`${uid}-q`}>
            Search creatures
          </label>
          <input id={`${uid}-q`} className="kit-input" type="search" value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} />
        </div>
        <div className="kit-field">
          <label className="kit-label" htmlFor={`${uid}-kind`}>
            Kind
          </label>
          <select id={`${uid}-kind`} className="kit-input" value={filter.kind} onChange={(e) => setFilter({ ...filter, kind: e.target.value as CreatureKind | '' })}>
            <option value="">Any kind</option>
            {CREATURE_KINDS.map((k) => (
              <option key={k} value={k}>
                {capitalized(k)}
              </option>
            ))}
          </select>
        </div>
        <div className="kit-field">
          <label className="kit-label" htmlFor={`${uid}-rank`}>
            Threat rank
          </label>
          <select id={`${uid}-rank`} className="kit-input" value={filter.threatRank} onChange={(e) => setFilter({ ...filter, threatRank: Number(e.target.value) })}>
            <option value={0}>Any rank</option>
            {Array.from({ length: 10 }, (_, i) => i + 1).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="kit-field">
          <label className="kit-label" htmlFor={`${uid}-src`}>
            Show
          </label>
          <select id={`${uid}-src`} className="kit-input" value={filter.source} onChange={(e) => setFilter({ ...filter, source: e.target.value as CreatureListFilter['source'] })}>
            <option value="all">All</option>
            <option value="mine">Mine</option>
            <option value="bestiary">Bestiary</option>
          </select>
        </div>
      </form>
      {error && (
        <p className="kit-error" role="alert">
          {error}
        </p>
      )}
      {(unreadable.length > 0 || keptEdits.length > 0) && (
        // Apart from the rows: they have no kind or rank to filter by, and they are never hidden by a filter.
        <ul className="kit-doc-list cr-unreadable" aria-label="Creatures that cannot be read">
          {unreadable.map((d) => (
            <UnreadableDocumentRow key={d.id} doc={d} noun="creature" onOpen={(id) => (open ? open(id) : location.assign(hrefFor(id)))} />
          ))}
          {keptEdits.map((e) => (
            <UnreadableEditsRow key={`${e.documentId}:${e.pageId}`} entry={e} noun="creature" />
          ))}
        </ul>
      )}
      {mine !== null && mine.length === 0 && unreadable.length === 0 && <p className="kit-muted">No creatures of your own on this device yet: start a new one, or copy one from the bestiary below.</p>}
      <p className="cr-browser-count" role="status" aria-live="polite">
        {mine === null ? 'Reading your creatures…' : `${rows.length} ${rows.length === 1 ? 'creature' : 'creatures'}`}
      </p>
      <ul className="cr-list-rows" aria-label="Creatures found">
        {rows.map((r) => (
          <li key={`${r.source}:${r.id}`} className="cr-list-row" data-source={r.source} data-creature={r.id}>
            <div className="cr-item-main">
              <span className="cr-item-name">{r.source === 'mine' ? <a href={hrefFor(r.id)} onClick={openInPlace(r.id)}>{r.name || 'Unnamed creature'}</a> : r.name}</span>
              <span className="cr-item-meta">
                {capitalized(r.creatureKind)} · Threat rank {r.threatRank} · {r.source === 'mine' ? (r.valid ? 'Yours' : 'Yours, breaks a rule') : 'Bestiary'}
              </span>
              {r.description && <span className="cr-list-desc">{r.description}</span>}
            </div>
            <div className="cr-item-actions">
              {r.source === 'mine' ? (
                <>
                  <a className="btn kit-small" href={hrefFor(r.id)} onClick={openInPlace(r.id)} aria-label={`Open ${r.name}`}>
                    Open
                  </a>
                  <button type="button" className="btn kit-small" onClick={() => void duplicate(r.id)} aria-label={`Duplicate ${r.name}`}>
                    Duplicate
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className="btn kit-small btn-primary" onClick={() => copy(r.id)} aria-label={`Copy from bestiary: ${r.name}`}>
                    Copy from bestiary
                  </button>
                  {bestiaryHref?.(r.id) && (
                    <a className="btn kit-small" href={bestiaryHref(r.id)} aria-label={`${r.name} on the rules page`}>
                      Rules
                    </a>
                  )}
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
