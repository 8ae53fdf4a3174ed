/**
 * The gear and core pickers: a dialog listing standard gear or the player's
 * own documents, each row showing what adding it would change (summary
 * values before → after, and any rule it would break) before it is added.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import Modal from '../../components/account/Modal';
import type { Catalogues, Character } from '../../rules';
import { previewChange, type Preview } from './preview';
import { countOf } from '../kit/plural';

export interface PickItem {
  id: string;
  name: string;
  /** One line under the name: type, Mk, bulk… */
  meta: string;
  /** Filter value (blueprint type, core discipline). */
  group: string;
  /** The character as it would be after adding this item (and, for armour, wearing it). */
  apply: (c: Character) => Character;
  /** A second action, e.g. "Add and wear" for armour; the preview shows its effect. */
  alt?: { label: string; apply: (c: Character) => Character };
  href?: string;
}

export interface ItemPickerProps {
  open: boolean;
  title: string;
  noun: string;
  /** The count's noun for one and for several ("1 core listed", "2 items listed"). */
  counted?: [string, string];
  doc: Character;
  catalogues: Partial<Catalogues>;
  sources?: { value: string; label: string; items: PickItem[]; empty: ReactNode }[];
  groups: { value: string; label: string }[];
  onPick: (apply: (c: Character) => Character, name: string) => void;
  onClose: () => void;
}

function PreviewLine({ p }: { p: Preview }) {
  return (
    <div className="ch-preview">
      {p.changes.length === 0 ? (
        <span className="ch-muted">No summary value changes.</span>
      ) : (
        <ul className="ch-preview-changes" aria-label="Would change">
          {p.changes.map((c) => (
            <li key={c.key}>
              {c.label} {c.before} → <strong>{c.after}</strong>
            </li>
          ))}
        </ul>
      )}
      {p.breaks.length > 0 && (
        <ul className="ch-preview-breaks" aria-label="Would break">
          {p.breaks.map((i, n) => (
            <li key={n}>
              <span aria-hidden="true">! </span>
              {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ItemPicker({ open, title, noun, counted = [noun, noun], doc, catalogues, sources = [], groups, onPick, onClose }: ItemPickerProps) {
  const titleId = useId();
  const id = useId();
  const [source, setSource] = useState(sources[0]?.value ?? '');
  const [group, setGroup] = useState('');
  const [query, setQuery] = useState('');
  // Each opening starts a new search (the dialog stays mounted, so the last words would linger and, typed after, match nothing).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setQuery('');
  }
  const current = sources.find((s) => s.value === source) ?? sources[0];
  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return (current?.items ?? []).filter((i) => (!group || i.group === group) && words.every((w) => `${i.name} ${i.meta}`.toLowerCase().includes(w)));
  }, [current, group, query]);
  // Previews only for the rows on screen: each is two evaluations of the character.
  const previews = useMemo(() => (open ? new Map(shown.map((i) => [i.id, previewChange(doc, (i.alt?.apply ?? i.apply)(doc), catalogues)])) : new Map<string, Preview>()), [open, shown, doc, catalogues]);

  return (
    <Modal open={open} onClose={onClose} titleId={titleId} title={title} className="kit-dialog ch-picker">
      {sources.length > 1 && (
        <div className="kit-chip-row" role="group" aria-label="From">
          {sources.map((s) => (
            <button key={s.value} type="button" className={`kit-chip kit-chip-btn${source === s.value ? ' is-on' : ''}`} aria-pressed={source === s.value} onClick={() => setSource(s.value)}>
              {s.label}
            </button>
          ))}
        </div>
      )}
      <label className="kit-label" htmlFor={`${id}-q`}>
        Search {noun}
      </label>
      <input id={`${id}-q`} className="kit-input" type="search" value={query} autoComplete="off" data-autofocus onChange={(e) => setQuery(e.target.value)} />
      {groups.length > 0 && (
        <div className="kit-chip-row" role="group" aria-label={`Filter ${noun}`}>
          {[{ value: '', label: 'All' }, ...groups].map((g) => (
            <button key={g.value} type="button" className={`kit-chip kit-chip-btn${group === g.value ? ' is-on' : ''}`} aria-pressed={group === g.value} onClick={() => setGroup(g.value)}>
              {g.label}
            </button>
          ))}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {countOf(shown.length, counted[0], counted[1])} listed
      </p>
      {(current?.items.length ?? 0) === 0 ? (
        <div className="ch-muted">{current?.empty}</div>
      ) : shown.length === 0 ? (
        <p className="ch-muted">No {noun} match.</p>
      ) : (
        <ul className="ch-pick-list">
          {shown.map((item) => {
            const p = previews.get(item.id);
            return (
              <li key={item.id} className="ch-pick-item" data-pick={item.id}>
                <div className="ch-pick-head">
                  <span className="ch-row-name">{item.href ? <a href={item.href}>{item.name}</a> : item.name}</span>
                  <span className="ch-muted">{item.meta}</span>
                </div>
                {p && <PreviewLine p={p} />}
                <div className="ch-row-actions">
                  <button type="button" className="btn kit-small" aria-label={`Add ${item.name}`} onClick={() => onPick(item.apply, item.name)}>
                    Add
                  </button>
                  {item.alt && (
                    <button type="button" className="btn kit-small btn-primary" aria-label={`${item.alt.label}: ${item.name}`} onClick={() => onPick(item.alt!.apply, item.name)}>
                      {item.alt.label}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="kit-dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
