/** The encounter editor's form: roster, creature picker, party, odds and the fight. */
import { useId, useMemo } from 'react';
import type { BestiaryEntry, Catalogues } from '../../rules/engine';
import { getRepository, NumberStepper, rulesHref, useEditor, type RulesLinks } from '../kit';
import { CreaturePicker } from './CreaturePicker';
import { Party } from './Party';
import { Odds } from './Odds';
import { Tracker } from './Tracker';
import { oddsMatrices } from './matrix';
import { addCreature, addHero, countProblem, MAX_COPIES, removeCreature, removeHero, setCount } from './model';
import { creatureSnapshot, type Encounter } from './rules';
import { useSharedHeroes } from './useSharedHeroes';

export function EncounterForm({ catalogues, rulesLinks }: { catalogues: Partial<Catalogues>; rulesLinks: RulesLinks }) {
  const { doc, change, readOnly } = useEditor<Encounter>();
  const repository = getRepository();
  const bestiary: BestiaryEntry[] = catalogues.creatures ?? [];
  const odds = useMemo(() => oddsMatrices(doc), [doc.party, doc.creatures]);
  const shared = useSharedHeroes(catalogues);
  return (
    <div className="enc-form">
      <Roster rulesLinks={rulesLinks} />
      <Party
        party={doc.party}
        catalogues={catalogues}
        repository={repository}
        readOnly={readOnly}
        onAdd={(source, snapshot) => change((d) => addHero(d, source, snapshot))}
        onRemove={(id) => change((d) => removeHero(d, id))}
        shared={shared}
      />
      <Tracker />
      <Odds {...odds} />
      <CreaturePicker
        bestiary={bestiary}
        catalogues={catalogues}
        repository={repository}
        readOnly={readOnly}
        onAdd={(creature, kind, count) => change((d) => addCreature(d, { kind, id: creature.id }, creatureSnapshot(creature, { creatureProperties: catalogues.creatureProperties ?? [] }), count))}
      />
    </div>
  );
}

/** The creatures in the encounter, with their counts (1–99; a row goes by its Remove button only). */
function Roster({ rulesLinks }: { rulesLinks: RulesLinks }) {
  const uid = useId();
  const { doc, change, readOnly } = useEditor<Encounter>();
  return (
    <section className="enc-section" aria-labelledby={`${uid}-h`}>
      <h2 className="enc-title" id={`${uid}-h`}>
        Creatures
      </h2>
      {doc.creatures.length === 0 ? (
        <p className="kit-muted">No creatures yet: add some from the list below, or with “Add to encounter” on the bestiary.</p>
      ) : (
        <ul className="enc-roster" aria-label="Creatures in this encounter">
          {doc.creatures.map((c) => {
            const href = c.source.kind === 'bestiary' ? rulesHref(rulesLinks, 'creatures', c.source.id) : undefined;
            return (
              <li key={c.id} className="enc-row">
                <span className="enc-pick-name">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener">
                      {c.snapshot.name}
                    </a>
                  ) : (
                    c.snapshot.name
                  )}
                </span>
                <span className="kit-muted">
                  Rank {c.snapshot.threatRank} · Health {c.snapshot.health} · Guard {c.snapshot.guard} · Protection {c.snapshot.protection}
                </span>
                <NumberStepper
                  id={`enc-count-${c.id}`}
                  value={c.count}
                  onChange={(n) => change((d) => setCount(d, c.id, n))}
                  label={`Copies of ${c.snapshot.name}`}
                  min={1}
                  max={MAX_COPIES}
                  hint={`1 to ${MAX_COPIES}`}
                  refuse={(n) => countProblem(c.snapshot.name, n)}
                />
                <button type="button" className="btn" disabled={readOnly} onClick={() => change((d) => removeCreature(d, c.id))} aria-label={`Remove ${c.snapshot.name}`}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
