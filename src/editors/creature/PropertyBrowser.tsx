/**
 * The creature property browser (GAME.md §5): the catalogue filtered by tags,
 * by threat value and by a name search; each entry with its rule text, threat
 * and modifiers, added with a potency where it has one. A property already on
 * the creature stays listed and says why it cannot be added again.
 */
import { useId, useMemo, useState } from 'react';
import type { Creature, CreaturePropertyEntry } from '../../rules';
import { filterProperties, modifierText, propertyTags, propertyThreats } from './propertyBrowser';

export interface PropertyBrowserProps {
  catalogue: readonly CreaturePropertyEntry[];
  chosen: Creature['properties'];
  onAdd: (id: string, potency: number | undefined) => void;
  readOnly?: boolean;
  /** The rules-page address of an entry, when a page lists it. */
  hrefFor?: (id: string) => string | undefined;
}

export function PropertyBrowser({ catalogue, chosen, onAdd, readOnly, hrefFor }: PropertyBrowserProps) {
  const uid = useId();
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [threats, setThreats] = useState<number[]>([]);
  const [potencies, setPotencies] = useState<Record<string, number>>({});
  const allTags = useMemo(() => propertyTags(catalogue), [catalogue]);
  const allThreats = useMemo(() => propertyThreats(catalogue), [catalogue]);
  const results = useMemo(() => filterProperties(catalogue, { text, tags, threats }), [catalogue, text, tags, threats]);
  const taken = new Set(chosen.map((p) => p.id));
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const filtered = text.trim() !== '' || tags.length > 0 || threats.length > 0;

  return (
    <section className="cr-browser" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className="cr-section-title">
        Property browser
      </h3>
      <div className="cr-browser-filters">
        <div className="kit-field">
          <label className="kit-label" htmlFor={`${uid}-search`}>
            Search properties
          </label>
          <input id={`${uid}-search`} className="kit-input" type="search" value={text} placeholder="Name, e.g. hide" onChange={(e) => setText(e.target.value)} />
        </div>
        <fieldset className="cr-filter-chips">
          <legend className="kit-label">Tags</legend>
          <div className="cr-chip-row">
            {allTags.map(({ tag, count }) => (
              <label key={tag} className={`cr-chip${tags.includes(tag) ? ' is-on' : ''}`}>
                <input type="checkbox" checked={tags.includes(tag)} onChange={() => setTags(toggle(tags, tag))} />
                <span>
                  {tag} <span className="cr-chip-count">{count}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="cr-filter-chips">
          <legend className="kit-label">Threat value</legend>
          <div className="cr-chip-row">
            {allThreats.map((t) => (
              <label key={t} className={`cr-chip${threats.includes(t) ? ' is-on' : ''}`}>
                <input type="checkbox" checked={threats.includes(t)} onChange={() => setThreats(toggle(threats, t))} />
                <span>
                  Threat {t}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <p className="cr-browser-count" role="status" aria-live="polite">
        {results.length === 1 ? '1 property' : `${results.length} properties`}
        {filtered ? ` match (of ${catalogue.length})` : ''}
        {filtered && (
          <>
            {' '}
            <button
              type="button"
              className="cr-link-btn"
              onClick={() => {
                setText('');
                setTags([]);
                setThreats([]);
              }}
            >
              Clear filters
            </button>
          </>
        )}
      </p>
      <ul className="cr-browser-list" aria-label="Creature properties">
        {results.map((e) => {
          const potency = Math.min(e.potency?.max ?? 1, potencies[e.id] ?? 1);
          const mods = modifierText(e, potency);
          const href = hrefFor?.(e.id);
          const already = taken.has(e.id);
          const why = already ? (e.potency ? 'Already on this creature: raise its potency there' : 'Already on this creature') : undefined;
          const whyId = `${uid}-${e.id}-why`;
          return (
            <li key={e.id} className="cr-prop" data-property={e.id}>
              <div className="cr-prop-head">
                <span className="cr-prop-name">{href ? <a href={href}>{e.name}</a> : e.name}</span>
                <span className="cr-prop-threat">
                  Threat {e.threat}
                  {e.potency ? ' per potency' : ''}
                </span>
              </div>
              <p className="cr-prop-text">{e.text}</p>
              <p className="cr-prop-meta">
                {mods && <span>Modifiers: {mods}</span>}
                <span className="cr-prop-tags">{e.tags.join(' · ')}</span>
              </p>
              <div className="cr-prop-actions">
                {e.potency && (
                  <label className="cr-inline-field">
                    <span>Potency</span>
                    <select
                      className="kit-input"
                      value={potency}
                      disabled={readOnly || already}
                      onChange={(ev) => setPotencies({ ...potencies, [e.id]: Number(ev.target.value) })}
                      aria-label={`Potency of ${e.name}`}
                    >
                      {Array.from({ length: e.potency.max }, (_, i) => i + 1).map((p) => (
                        <option key={p} value={p}>
                          {p} (threat {e.threat * p})
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <button
                  type="button"
                  className="btn"
                  disabled={readOnly || already}
                  aria-describedby={why ? whyId : undefined}
                  aria-label={`Add ${e.name}${e.potency ? ` at potency ${potency}` : ''}`}
                  onClick={() => onAdd(e.id, e.potency ? potency : undefined)}
                >
                  Add
                </button>
                {why && (
                  <span className="cr-why" id={whyId}>
                    {why}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
