/**
 * The party (GAME.md §7): heroes from the library's characters (a snapshot
 * of the sheet's values and attack lines) or typed as quick entries, and
 * "Save as default party" for every new encounter (this device, and the
 * player's cloud settings when signed in).
 */
import { useId, useMemo, useState } from 'react';
import { useDocuments } from '../kit/useDocuments';
import type { Catalogues, Character } from '../../rules/engine';
import type { DocumentRepository } from '../../storage/types';
import { heroFromCharacter, heroFromQuick, type QuickHero } from './hero';
import type { HeroSnapshot, EncounterHero } from './rules';
import { saveParty } from './cloudParty';

const QUICK_FIELDS: { key: Exclude<keyof QuickHero, 'name' | 'attack'>; label: string; min: number }[] = [
  { key: 'rank', label: 'Rank', min: 1 },
  { key: 'reflex', label: 'Reflex', min: 1 },
  { key: 'logic', label: 'Logic', min: 1 },
  { key: 'guard', label: 'Guard', min: 0 },
  { key: 'health', label: 'Health', min: 1 },
  { key: 'protection', label: 'Protection', min: 0 },
  { key: 'strainCapacity', label: 'Strain capacity', min: 0 },
];
const EMPTY_QUICK: QuickHero = { name: '', rank: 1, reflex: 2, logic: 2, guard: 2, health: 10, protection: 0, strainCapacity: 4 };

export interface PartyProps {
  party: readonly EncounterHero[];
  catalogues: Partial<Catalogues>;
  repository: DocumentRepository;
  readOnly: boolean;
  onAdd: (source: EncounterHero['source'], snapshot: HeroSnapshot) => void;
  onRemove: (id: string) => void;
}

export function Party({ party, catalogues, repository, readOnly, onAdd, onRemove }: PartyProps) {
  const uid = useId();
  const [chosen, setChosen] = useState('');
  const [quick, setQuick] = useState<QuickHero>(EMPTY_QUICK);
  const [attack, setAttack] = useState({ pool: 0, damage: 3, rate: 1 });
  const [saved, setSaved] = useState<string | null>(null);

  const stored = useDocuments(repository, 'character');
  const characters = useMemo(() => (stored.docs ?? []).map((d) => d.document as Character), [stored.docs]);

  const addCharacter = () => {
    const c = characters.find((x) => x.id === (chosen || characters[0]?.id));
    if (c) onAdd({ kind: 'character', id: c.id }, heroFromCharacter(c, catalogues));
  };
  const addQuick = () => {
    onAdd({ kind: 'quick' }, heroFromQuick({ ...quick, attack }));
    setQuick(EMPTY_QUICK);
  };
  const num = (v: string) => (v.trim() === '' ? 0 : Math.max(0, Math.round(Number(v) || 0)));

  return (
    <section className="enc-section" aria-labelledby={`${uid}-h`}>
      <h2 className="enc-title" id={`${uid}-h`}>
        Party
      </h2>
      {party.length === 0 ? (
        <p className="kit-muted">No heroes yet: the band needs a party.</p>
      ) : (
        <ul className="enc-roster" aria-label="Heroes">
          {party.map((p) => (
            <li key={p.id} className="enc-row">
              <span className="enc-pick-name">{p.snapshot.name}</span>
              <span className="kit-muted">
                Rank {p.snapshot.rank} · Guard {p.snapshot.guard} · Health {p.snapshot.health} · Protection {p.snapshot.protection}
                {p.source.kind === 'quick' ? ' · quick entry' : ''}
              </span>
              <button type="button" className="btn" disabled={readOnly} onClick={() => onRemove(p.id)} aria-label={`Remove ${p.snapshot.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="enc-filters">
        <label className="kit-field">
          <span className="kit-label">Character from your library</span>
          <select className="kit-input" value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={characters.length === 0}>
            {characters.length === 0 && <option value="">No characters on this device</option>}
            {characters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" disabled={readOnly || characters.length === 0} onClick={addCharacter}>
          Add character
        </button>
      </div>
      <details className="enc-quick">
        <summary>Quick entry</summary>
        <div className="enc-filters">
          <label className="kit-field">
            <span className="kit-label">Name</span>
            <input className="kit-input" value={quick.name} onChange={(e) => setQuick({ ...quick, name: e.target.value })} />
          </label>
          {QUICK_FIELDS.map((f) => (
            <label key={f.key} className="kit-field">
              <span className="kit-label">{f.label}</span>
              <input type="number" inputMode="numeric" className="kit-input" min={f.min} value={quick[f.key]} onChange={(e) => setQuick({ ...quick, [f.key]: num(e.target.value) })} />
            </label>
          ))}
          <label className="kit-field">
            <span className="kit-label">Attack pool (0: none)</span>
            <input type="number" inputMode="numeric" className="kit-input" min={0} value={attack.pool} onChange={(e) => setAttack({ ...attack, pool: num(e.target.value) })} />
          </label>
          <label className="kit-field">
            <span className="kit-label">Attack damage</span>
            <input type="number" inputMode="numeric" className="kit-input" min={0} value={attack.damage} onChange={(e) => setAttack({ ...attack, damage: num(e.target.value) })} />
          </label>
          <label className="kit-field">
            <span className="kit-label">Attack rate</span>
            <input type="number" inputMode="numeric" className="kit-input" min={1} value={attack.rate} onChange={(e) => setAttack({ ...attack, rate: Math.max(1, num(e.target.value)) })} />
          </label>
        </div>
        <button type="button" className="btn" disabled={readOnly} onClick={addQuick}>
          Add quick entry
        </button>
      </details>
      <p className="enc-actions">
        <button
          type="button"
          className="btn"
          disabled={party.length === 0}
          onClick={() => {
            setSaved('Saving…');
            void saveParty(party).then(setSaved);
          }}
        >
          Save as default party
        </button>
        <span role="status" className="kit-muted">
          {saved}
        </span>
      </p>
    </section>
  );
}
