/**
 * A searchable, filterable list of catalogue entries (features, effects,
 * side effects, properties). Each entry shows its cost and rule text and
 * links to its entry on the rules pages; one that cannot be added now stays
 * listed with the reason.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';

export interface PickerEntry {
  id: string;
  name: string;
  /** Cost as the player reads it: "2 pts", "2 pts per rank", "refund 1". */
  cost: string;
  text: string;
  /** Link to the entry on the rules pages. */
  href?: string;
  /** Why it cannot be added now ("Needs rate 2 or more"). */
  unavailable?: string;
  /** Values the filter chips match (e.g. a discipline). */
  tags?: string[];
  /** Extra lines: requirements, exclusions, options. */
  details?: ReactNode;
}

export interface CataloguePickerProps {
  /** Heading of the list, e.g. "Add a feature". */
  title: string;
  /** Noun for the search label, e.g. "features". */
  noun: string;
  entries: readonly PickerEntry[];
  filters?: readonly { value: string; label: string }[];
  addLabel?: string;
  onPick: (id: string) => void;
  readOnly?: boolean;
  /** Shown when there is nothing to list at all. */
  empty?: ReactNode;
}

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

export function CataloguePicker({ title, noun, entries, filters, addLabel = 'Add', onPick, readOnly, empty }: CataloguePickerProps) {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');
  const id = useId();
  const shown = useMemo(() => {
    const words = norm(query).split(/\s+/).filter(Boolean);
    return entries.filter((e) => (!filter || e.tags?.includes(filter)) && words.every((w) => norm(`${e.name} ${e.text}`).includes(w)));
  }, [entries, query, filter]);
  return (
    <section className="kit-picker" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="kit-picker-title">
        {title}
      </h3>
      <div className="kit-picker-tools">
        <label className="kit-label" htmlFor={`${id}-q`}>
          Search {noun}
        </label>
        <input id={`${id}-q`} className="kit-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        {filters && filters.length > 0 && (
          <div className="kit-chip-row" role="group" aria-label={`Filter ${noun}`}>
            {[{ value: '', label: 'All' }, ...filters].map((f) => (
              <button key={f.value} type="button" className={`kit-chip kit-chip-btn${filter === f.value ? ' is-on' : ''}`} aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
                {f.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {shown.length} {noun} listed
      </p>
      {entries.length === 0 ? (
        <div className="kit-muted">{empty ?? `No ${noun} to choose from.`}</div>
      ) : shown.length === 0 ? (
        <p className="kit-muted">No {noun} match “{query}”.</p>
      ) : (
        <ul className="kit-picker-list">
          {shown.map((e) => (
            <li key={e.id} className={`kit-picker-item${e.unavailable ? ' is-unavailable' : ''}`} data-entry={e.id}>
              <div className="kit-picker-head">
                <span className="kit-picker-name">{e.name}</span>
                <span className="kit-picker-cost">{e.cost}</span>
              </div>
              <p className="kit-picker-text">{e.text}</p>
              {e.details}
              {e.unavailable && (
                <p className="kit-picker-why" id={`${id}-${e.id}-why`}>
                  {e.unavailable}
                </p>
              )}
              <div className="kit-picker-actions">
                {e.href && (
                  <a href={e.href} className="kit-rules-link">
                    Rules<span className="visually-hidden">: {e.name}</span>
                  </a>
                )}
                {!readOnly && (
                  <button
                    type="button"
                    className="btn kit-small"
                    disabled={!!e.unavailable}
                    aria-describedby={e.unavailable ? `${id}-${e.id}-why` : undefined}
                    onClick={() => onPick(e.id)}
                  >
                    {addLabel}
                    <span className="visually-hidden"> {e.name}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
