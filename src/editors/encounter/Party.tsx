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
import { heroFromCharacter, heroFromQuick, quickNumber, quickWarning, type QuickHero, type RuledQuickField } from './hero';
import { WholeNumberField } from './WholeNumberField';
import type { HeroSnapshot, EncounterHero } from './rules';
import { saveParty } from './cloudParty';
import { sharedFrom, sharedLabel, unsharedSentence } from './sharedHeroes';
import type { SharedHeroes } from './useSharedHeroes';

const QUICK_FIELDS: { key: Exclude<keyof QuickHero, 'name' | 'attack'>; label: string; min: number }[] = [
  { key: 'rank', label: 'Rank', min: 1 },
  { key: 'reflex', label: 'Reflex', min: 1 },
  { key: 'logic', label: 'Logic', min: 1 },
  { key: 'guard', label: 'Guard', min: 0 },
  { key: 'health', label: 'Health', min: 1 },
  { key: 'protection', label: 'Protection', min: 0 },
  { key: 'strainCapacity', label: 'Strain capacity', min: 0 },
];
/** `noun`: the field's name in a sentence, where its label carries a hint. */
const ATTACK_FIELDS: { key: 'pool' | 'damage' | 'rate'; label: string; noun?: string; min: number }[] = [
  { key: 'pool', label: 'Attack pool (0: none)', noun: 'Attack pool', min: 0 },
  { key: 'damage', label: 'Attack damage', min: 0 },
  { key: 'rate', label: 'Attack rate', min: 1 },
];
type QuickNumberKey = (typeof QUICK_FIELDS)[number]['key'] | (typeof ATTACK_FIELDS)[number]['key'];
/** The quick entry's numbers as typed: a value no document can hold is refused in place, never rounded away. */
const EMPTY_QUICK: Record<QuickNumberKey, string> = { rank: '1', reflex: '2', logic: '2', guard: '2', health: '10', protection: '0', strainCapacity: '4', pool: '0', damage: '3', rate: '1' };
const NUMBER_FIELDS = [...QUICK_FIELDS, ...ATTACK_FIELDS];
/** The fields the game's rules bound: a value past them is kept with a warning. */
const RULED: Record<RuledQuickField, true> = { rank: true, reflex: true, logic: true, guard: true, pool: true };

export interface PartyProps {
  party: readonly EncounterHero[];
  catalogues: Partial<Catalogues>;
  repository: DocumentRepository;
  readOnly: boolean;
  onAdd: (source: EncounterHero['source'], snapshot: HeroSnapshot) => void;
  onRemove: (id: string) => void;
  /** The campaigns' shared characters (signed in, running a campaign). */
  shared: SharedHeroes;
}

export function Party({ party, catalogues, repository, readOnly, onAdd, onRemove, shared }: PartyProps) {
  const uid = useId();
  const [chosen, setChosen] = useState('');
  const [quickName, setQuickName] = useState('');
  const [quick, setQuick] = useState(EMPTY_QUICK);
  const checked = NUMBER_FIELDS.map((f) => {
    const noun = ('noun' in f && f.noun) || f.label;
    const result = quickNumber(noun, quick[f.key], f.min);
    return { ...f, result, warning: 'value' in result && f.key in RULED ? quickWarning(f.key as RuledQuickField, noun, result.value) : undefined };
  });
  const problems = Object.fromEntries(checked.flatMap((f) => ('problem' in f.result ? [[f.key, f.result.problem]] : [])));
  const values = Object.fromEntries(checked.map((f) => [f.key, 'value' in f.result ? f.result.value : 0])) as Record<QuickNumberKey, number>;
  const [saved, setSaved] = useState<string | null>(null);

  const stored = useDocuments(repository, 'character');
  const characters = useMemo(() => (stored.docs ?? []).map((d) => d.document as Character), [stored.docs]);

  const addCharacter = () => {
    const c = characters.find((x) => x.id === (chosen || characters[0]?.id));
    if (c) onAdd({ kind: 'character', id: c.id }, heroFromCharacter(c, catalogues));
  };
  const addQuick = () => {
    if (Object.keys(problems).length) return;
    const { pool, damage, rate, ...hero } = values;
    onAdd({ kind: 'quick' }, heroFromQuick({ name: quickName, ...(hero as Omit<QuickHero, 'name' | 'attack'>), attack: { pool, damage, rate } }));
    setQuickName('');
    setQuick(EMPTY_QUICK);
  };

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
                {sharedTag(p, shared)}
              </span>
              <button type="button" className="btn" disabled={readOnly} onClick={() => onRemove(p.id)} aria-label={`Remove ${p.snapshot.name}`}>
                Remove
              </button>
              <Unshared hero={p} shared={shared} />
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
      <SharedPicker shared={shared} catalogues={catalogues} readOnly={readOnly} onAdd={onAdd} />
      <details className="enc-quick">
        <summary>Quick entry</summary>
        <div className="enc-filters">
          <label className="kit-field">
            <span className="kit-label">Name</span>
            <input className="kit-input" value={quickName} onChange={(e) => setQuickName(e.target.value)} />
          </label>
          {checked.map((f) => (
            <WholeNumberField key={f.key} spin label={f.label} min={f.min} text={quick[f.key]} onText={(text) => setQuick({ ...quick, [f.key]: text })} problem={problems[f.key]} warning={f.warning} />
          ))}
        </div>
        <button type="button" className="btn" disabled={readOnly || Object.keys(problems).length > 0} onClick={addQuick}>
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

const sharedTag = (hero: EncounterHero, shared: SharedHeroes) => {
  const from = sharedFrom(hero);
  return from ? ` · shared in “${shared.campaigns[from.campaign]?.name ?? 'a campaign'}”` : '';
};

/** A shared hero whose character no longer reaches the tool says why, under its row. */
function Unshared({ hero, shared }: { hero: EncounterHero; shared: SharedHeroes }) {
  const sentence = unsharedSentence(hero, shared.campaigns);
  if (!sentence) return null;
  return (
    <p className="kit-issue is-warning enc-unshared" data-unshared={hero.id}>
      {sentence}
    </p>
  );
}

/** The characters the players share in the campaigns this person runs: a hero that follows its player's sheet. */
function SharedPicker({ shared, catalogues, readOnly, onAdd }: { shared: SharedHeroes; catalogues: Partial<Catalogues>; readOnly: boolean; onAdd: PartyProps['onAdd'] }) {
  const [chosen, setChosen] = useState('');
  if (shared.running.length === 0) return null;
  const options = shared.running.flatMap((c) =>
    (shared.campaigns[c.id]?.characters ?? []).filter((x) => x.document?.kind === 'character').map((x) => ({ key: `${c.id}/${x.id}`, campaign: c.id, character: x, label: sharedLabel(x, c.name) })),
  );
  const pick = options.find((o) => o.key === chosen) ?? options[0];
  const add = () => {
    if (pick) onAdd({ kind: 'character', id: pick.character.id, campaign: pick.campaign }, heroFromCharacter(pick.character.document as Character, catalogues));
  };
  return (
    <div className="enc-filters">
      <label className="kit-field">
        <span className="kit-label">Character shared in your campaign</span>
        <select className="kit-input" value={pick?.key ?? ''} onChange={(e) => setChosen(e.target.value)} disabled={options.length === 0}>
          {options.length === 0 && <option value="">No characters shared yet</option>}
          {options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn" disabled={readOnly || !pick} onClick={add}>
        Add shared character
      </button>
    </div>
  );
}
