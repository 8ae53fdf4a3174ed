/** "Start from standard gear": copy any published gear item into a new blueprint. */
import { useState } from 'react';
import type { Blueprint, Catalogues, GearEntry } from '../../rules';
import { documentBase, rulesHref, type RulesLinks } from '../kit';
import { BLUEPRINT_TYPES, TYPE_INFO, fromGear, markOf } from './model';

export function StandardGear({ catalogues, rulesLinks, start }: { catalogues: Partial<Catalogues>; rulesLinks: RulesLinks; start: (doc: Blueprint) => void }) {
  const gear = (catalogues.gear ?? []) as GearEntry[];
  const [type, setType] = useState<string>('weapon');
  const shown = gear.filter((g) => g.type === type);
  return (
    <section className="kit-section bp-standard" aria-labelledby="bp-standard-title">
      <h2 id="bp-standard-title">Start from standard gear</h2>
      <p className="kit-muted">Copy a published item and change it: the copy is yours, the original stays as it is.</p>
      <div className="kit-chip-row" role="group" aria-label="Gear type">
        {BLUEPRINT_TYPES.map((t) => (
          <button key={t} type="button" className={`kit-chip kit-chip-btn${t === type ? ' is-on' : ''}`} aria-pressed={t === type} onClick={() => setType(t)}>
            {TYPE_INFO[t].label}
          </button>
        ))}
      </div>
      <ul className="kit-picker-list bp-standard-list">
        {shown.map((g) => {
          const href = rulesHref(rulesLinks, `gear.${g.type}`, g.id);
          return (
            <li key={g.id} className="kit-picker-item">
              <div className="kit-picker-head">
                <span className="kit-picker-name">{g.name}</span>
                <span className="kit-picker-cost">{markOf(g.rank)}</span>
              </div>
              <p className="kit-picker-text">{(g as GearEntry & { description?: string }).description}</p>
              <div className="kit-picker-actions">
                {href && (
                  <a href={href} className="kit-rules-link">
                    Rules<span className="visually-hidden">: {g.name}</span>
                  </a>
                )}
                <button type="button" className="btn kit-small" onClick={() => start(fromGear(g, documentBase(g.name)))}>
                  Start from this<span className="visually-hidden">: {g.name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
