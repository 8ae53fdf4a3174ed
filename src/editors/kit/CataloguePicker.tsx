/**
 * A searchable, filterable grid of catalogue entries (features, effects,
 * side effects, properties). Each entry shows its cost and rule text and
 * links to its entry on the rules pages. Rule issues warn, never block: an
 * entry that would break a rule can still be added, and says why (and what
 * fixes it) before and after; only `unavailable` (e.g. already added, with
 * no ranks to raise) keeps "Add" from doing anything.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { countOf } from './plural';

export interface PickerEntry {
  id: string;
  name: string;
  /** Cost as the player reads it: "2 pts", "2 pts per rank", "refund 1". */
  cost: string;
  /** The cost as a number, for the cost filter. */
  points?: number;
  text: string;
  /** Link to the entry on the rules pages. */
  href?: string;
  /** Why it cannot be added at all ("Already on this blueprint"). */
  unavailable?: string;
  /** Which rule adding it now would break, and the fix ("Needs rate 2 or more"): it can still be added. */
  warning?: string;
  /** Values the filter chips match (e.g. a discipline). */
  tags?: string[];
  /** Extra lines: requirements, exclusions, options. */
  details?: ReactNode;
}

export interface CataloguePickerProps {
  /** Heading of the list, e.g. "Add a feature". */
  title: string;
  /** Noun for the search label, plural: "features". */
  noun: string;
  /** The noun for one: "feature" (default: `noun` without its plural ending). */
  nounOne?: string;
  entries: readonly PickerEntry[];
  filters?: readonly { value: string; label: string }[];
  addLabel?: string;
  onPick: (id: string) => void;
  readOnly?: boolean;
  /** Shown when there is nothing to list at all. */
  empty?: ReactNode;
}

const norm = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
const singular = (noun: string) => (noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.replace(/s$/, ''));

/** The picker's filters: words, a tag, a cost, and "allowed now" (nothing flagged). */
export interface PickerFilter {
  query: string;
  tag: string;
  /** '' any cost, otherwise the exact number of points. */
  cost: string;
  allowedOnly: boolean;
}

/** The entries a filter keeps, in catalogue order. */
export function filterEntries(entries: readonly PickerEntry[], f: PickerFilter): PickerEntry[] {
  const words = norm(f.query).split(/\s+/).filter(Boolean);
  return entries.filter(
    (e) =>
      (!f.tag || e.tags?.includes(f.tag)) &&
      (!f.cost || String(e.points) === f.cost) &&
      (!f.allowedOnly || (!e.unavailable && !e.warning)) &&
      words.every((w) => norm(`${e.name} ${e.text}`).includes(w)),
  );
}

export function CataloguePicker({ title, noun, nounOne, entries, filters, addLabel = 'Add', onPick, readOnly, empty }: CataloguePickerProps) {
  const [filter, setFilter] = useState<PickerFilter>({ query: '', tag: '', cost: '', allowedOnly: false });
  const set = (patch: Partial<PickerFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const id = useId();
  const shown = useMemo(() => filterEntries(entries, filter), [entries, filter]);
  const costs = useMemo(() => [...new Set(entries.map((e) => e.points).filter((p): p is number => typeof p === 'number'))].sort((a, b) => a - b), [entries]);
  const flagged = entries.some((e) => e.unavailable || e.warning);
  const one = nounOne ?? singular(noun);
  return (
    <section className="kit-picker" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="kit-picker-title">
        {title}
      </h3>
      <div className="kit-picker-tools">
        <div className="kit-picker-search">
          <label className="kit-label" htmlFor={`${id}-q`}>
            Search {noun}
          </label>
          <input id={`${id}-q`} className="kit-input" type="search" value={filter.query} onChange={(e) => set({ query: e.target.value })} autoComplete="off" />
        </div>
        {costs.length > 1 && (
          <div className="kit-picker-cost-filter">
            <label className="kit-label" htmlFor={`${id}-cost`}>
              Cost
            </label>
            <select id={`${id}-cost`} className="kit-input" value={filter.cost} onChange={(e) => set({ cost: e.target.value })}>
              <option value="">Any cost</option>
              {costs.map((c) => (
                <option key={c} value={String(c)}>
                  {c} {c === 1 ? 'point' : 'points'}
                </option>
              ))}
            </select>
          </div>
        )}
        {flagged && (
          <label className="kit-picker-allowed">
            <input type="checkbox" checked={filter.allowedOnly} onChange={(e) => set({ allowedOnly: e.target.checked })} /> Allowed now only
          </label>
        )}
        {filters && filters.length > 0 && (
          <div className="kit-chip-row kit-picker-tags" role="group" aria-label={`Filter ${noun}`}>
            {[{ value: '', label: 'All' }, ...filters].map((f) => (
              <button key={f.value} type="button" className={`kit-chip kit-chip-btn${filter.tag === f.value ? ' is-on' : ''}`} aria-pressed={filter.tag === f.value} onClick={() => set({ tag: f.value })}>
                {f.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="kit-picker-count" aria-live="polite">
        {countOf(shown.length, one, noun)} listed
      </p>
      {entries.length === 0 ? (
        <div className="kit-muted">{empty ?? `No ${noun} to choose from.`}</div>
      ) : shown.length === 0 ? (
        <p className="kit-muted">No {noun} match these filters.</p>
      ) : (
        <ul className="kit-picker-list">
          {shown.map((e) => {
            const why = e.unavailable ?? e.warning;
            return (
              <li key={e.id} className={`kit-picker-item${e.unavailable ? ' is-unavailable' : e.warning ? ' is-flagged' : ''}`} data-entry={e.id}>
                <div className="kit-picker-head">
                  <span className="kit-picker-name">{e.name}</span>
                  <span className="kit-picker-cost">{e.cost}</span>
                </div>
                <p className="kit-picker-text" title={e.text}>
                  {e.text}
                </p>
                {e.details}
                {why && (
                  <p className="kit-picker-why" id={`${id}-${e.id}-why`}>
                    {why}
                  </p>
                )}
                <div className="kit-picker-actions">
                  {e.href && (
                    <a href={e.href} className="kit-rules-link">
                      Rules<span className="visually-hidden">: {e.name}</span>
                    </a>
                  )}
                  {!readOnly && (
                    <button type="button" className="btn kit-small" disabled={!!e.unavailable} aria-describedby={why ? `${id}-${e.id}-why` : undefined} onClick={() => onPick(e.id)}>
                      {e.warning && !e.unavailable ? `${addLabel} anyway` : addLabel}
                      <span className="visually-hidden"> {e.name}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
