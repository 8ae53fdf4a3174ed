/**
 * The builder's creature picker: the bestiary and the game master's own
 * creature documents in one list (search, kind, threat rank and tag), each
 * added with a count ("Add 3").
 */
import { useId, useMemo, useState } from 'react';
import { CREATURE_KINDS, MAX_COUNT, capitalized, type BestiaryEntry, type Catalogues, type Creature } from '../../rules/engine';
import type { DocumentRepository } from '../../storage/types';
import { creatureRows, type CreatureKind } from '../creature/creatureList';
import { useOwnCreatures } from '../creature/useOwnCreatures';
import { quickNumber } from './hero';
import { WholeNumberField } from './WholeNumberField';

const NONE: never[] = [];

/** A creature's tags: its own and those of its properties (the property browser's labels). */
export function creatureTags(c: Creature, catalogues: Partial<Catalogues>): string[] {
  const props = catalogues.creatureProperties ?? [];
  const tags = new Set(c.tags ?? []);
  for (const p of c.properties) for (const t of props.find((e) => e.id === p.id)?.tags ?? []) tags.add(t);
  return [...tags];
}

export interface CreaturePickerProps {
  bestiary: readonly BestiaryEntry[];
  catalogues: Partial<Catalogues>;
  repository: DocumentRepository;
  readOnly: boolean;
  onAdd: (creature: Creature, source: 'bestiary' | 'creature', count: number) => void;
}

export function CreaturePicker({ bestiary, catalogues, repository, readOnly, onAdd }: CreaturePickerProps) {
  const uid = useId();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<CreatureKind | ''>('');
  const [rank, setRank] = useState(0);
  const [tag, setTag] = useState('');
  const [countText, setCountText] = useState('1');
  const typedCount = quickNumber('Copies to add', countText, 1, MAX_COUNT);
  // While the typed count is refused, the buttons name the last good one and are disabled.
  const count = 'value' in typedCount ? typedCount.value : 1;

  // A library that cannot be read lists only the bestiary here; the creature list and library say why.
  const mine = useOwnCreatures(repository).mine ?? NONE;

  const byId = useMemo(() => new Map<string, Creature>([...bestiary.map((b) => [`bestiary:${b.id}`, b] as const), ...mine.map((m) => [`mine:${m.id}`, m.document] as const)]), [bestiary, mine]);
  const tagsOf = useMemo(() => new Map([...byId].map(([k, c]) => [k, creatureTags(c, catalogues)])), [byId, catalogues]);
  const allTags = useMemo(() => [...new Set([...tagsOf.values()].flat())].sort(), [tagsOf]);
  const rows = useMemo(
    () => creatureRows(mine, bestiary, { text, kind, threatRank: rank }).filter((r) => !tag || tagsOf.get(`${r.source}:${r.id}`)?.includes(tag)),
    [mine, bestiary, text, kind, rank, tag, tagsOf],
  );

  return (
    <section className="enc-section" aria-labelledby={`${uid}-h`}>
      <h2 className="enc-title" id={`${uid}-h`}>
        Add creatures
      </h2>
      <div className="enc-filters">
        <label className="kit-field">
          <span className="kit-label">Search creatures</span>
          <input type="search" className="kit-input" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label className="kit-field">
          <span className="kit-label">Kind</span>
          <select className="kit-input" value={kind} onChange={(e) => setKind(e.target.value as CreatureKind | '')}>
            <option value="">Any kind</option>
            {CREATURE_KINDS.map((k) => (
              <option key={k} value={k}>
                {capitalized(k)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          <span className="kit-label">Threat rank</span>
          <select className="kit-input" value={rank} onChange={(e) => setRank(Number(e.target.value))}>
            <option value={0}>Any rank</option>
            {Array.from({ length: 10 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          <span className="kit-label">Tag</span>
          <select className="kit-input" value={tag} onChange={(e) => setTag(e.target.value)}>
            <option value="">Any tag</option>
            {allTags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <WholeNumberField spin label="Copies to add" min={1} max={MAX_COUNT} text={countText} onText={setCountText} problem={'problem' in typedCount ? typedCount.problem : undefined} />
      </div>
      <ul className="enc-picker" aria-label="Creatures to add">
        {rows.length === 0 && <li className="kit-muted">No creature matches these filters.</li>}
        {rows.map((r) => (
          <li key={`${r.source}:${r.id}`} className="enc-pick">
            <span className="enc-pick-name">{r.name}</span>
            <span className="kit-muted">
              {capitalized(r.creatureKind)}, rank {r.threatRank}
              {r.source === 'mine' ? ' · yours' : ''}
            </span>
            <button
              type="button"
              className="btn"
              disabled={readOnly || 'problem' in typedCount}
              aria-label={`Add ${count} ${r.name}`}
              onClick={() => onAdd(byId.get(`${r.source}:${r.id}`)!, r.source === 'mine' ? 'creature' : 'bestiary', count)}
            >
              Add {count > 1 ? count : ''}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
