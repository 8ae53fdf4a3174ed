/**
 * The creature form (GAME.md §5): kind, threat rank, the five attributes,
 * the skills it has (others added from a list), attacks edited in the
 * edit-item dialog, chosen properties with their potency, notes. Every
 * change goes through the editor's `change`, so each is one undo step.
 */
import { useId, useState } from 'react';
import { ATTRIBUTES, CREATURE_KINDS, RANGES, SKILLS, SKILL_NAMES, type Creature, type CreaturePropertyEntry, type Skill, capitalized } from '../../rules/engine';
import { CATALOGUE_STEP_RANGE, EditItemDialog, FieldIssues, NotesField, NumberStepper, SelectField, TextField, issuesWithin, useEditor } from '../kit';
import type { Attack } from './attacks';
import { effectivePotency, MAX_ATTRIBUTE, MAX_RANK, MAX_SKILL, MIN_ATTRIBUTE, MIN_RANK } from './threat';
import { modifierText } from './propertyBrowser';
import { PropertyBrowser } from './PropertyBrowser';
import { Attacks, type Change } from './Attacks';

const KIND_BLURB: Record<(typeof CREATURE_KINDS)[number], string> = {
  beast: 'Beast',
  machine: 'Machine',
  alien: 'Alien',
  humanoid: 'Humanoid',
  swarm: 'Swarm',
};

export interface CreatureFormProps {
  properties: readonly CreaturePropertyEntry[];
  hrefFor?: (id: string) => string | undefined;
}

export function CreatureForm({ properties, hrefFor }: CreatureFormProps) {
  const { doc: c, change, readOnly } = useEditor<Creature>();
  return (
    <div className="cr-form">
      <section className="cr-section" aria-labelledby="cr-profile">
        <h2 id="cr-profile" className="cr-section-title">
          Profile
        </h2>
        <div className="cr-grid">
          <SelectField path="creatureKind" label="Kind" options={CREATURE_KINDS.map((k) => ({ value: k, label: KIND_BLURB[k] }))} />
          <NumberStepper path="threatRank" label="Threat rank" min={MIN_RANK} max={MAX_RANK} hint="1–10; Health and Guard use it" />
        </div>
      </section>

      <section className="cr-section" aria-labelledby="cr-attributes">
        <h2 id="cr-attributes" className="cr-section-title">
          Attributes
        </h2>
        <div className="cr-grid cr-grid-5">
          {ATTRIBUTES.map((a) => (
            <NumberStepper key={a} path={`attributes.${a}`} label={capitalized(a)} min={MIN_ATTRIBUTE} max={MAX_ATTRIBUTE} hint="1–8" />
          ))}
        </div>
      </section>

      <Skills creature={c} change={change} readOnly={readOnly} />
      <Attacks creature={c} change={change} readOnly={readOnly} />

      <section className="cr-section" aria-labelledby="cr-properties">
        <h2 id="cr-properties" className="cr-section-title">
          Properties
        </h2>
        <ChosenProperties creature={c} catalogue={properties} change={change} readOnly={readOnly} hrefFor={hrefFor} />
        <PropertyBrowser
          catalogue={properties}
          chosen={c.properties}
          readOnly={readOnly}
          hrefFor={hrefFor}
          onAdd={(id, potency) => change((d) => ({ ...d, properties: [...d.properties, potency === undefined ? { id } : { id, potency }] }))}
        />
      </section>

      <section className="cr-section" aria-labelledby="cr-notes">
        <h2 id="cr-notes" className="cr-section-title">
          Notes
        </h2>
        <NotesField path="notes" label="Notes" rows={5} />
      </section>
    </div>
  );
}


function Skills({ creature: c, change, readOnly }: { creature: Creature; change: Change; readOnly: boolean }) {
  const uid = useId();
  const has = SKILL_NAMES.filter((s) => s in c.skills);
  const others = SKILL_NAMES.filter((s) => !(s in c.skills));
  const [adding, setAdding] = useState<Skill | ''>('');
  const add = (s: Skill) => {
    change((d) => ({ ...d, skills: { ...d.skills, [s]: 1 } }));
    setAdding('');
    // The new stepper is where the game master goes next.
    requestAnimationFrame(() => document.getElementById(`field-skills-${s}`)?.focus());
  };
  return (
    <section className="cr-section" aria-labelledby="cr-skills">
      <h2 id="cr-skills" className="cr-section-title">
        Skills
      </h2>
      {has.length === 0 ? (
        <p className="kit-muted">No skills yet: a creature rolls its attribute alone (skill 0) for anything it has no skill in.</p>
      ) : (
        <ul className="cr-skill-list">
          {has.map((s) => (
            <li key={s} className="cr-skill">
              <NumberStepper path={`skills.${s}`} label={capitalized(s)} min={0} max={MAX_SKILL} hint={`${capitalized(SKILLS[s])} · 0–6`} />
              <button
                type="button"
                className="btn kit-small"
                disabled={readOnly}
                aria-label={`Remove ${capitalized(s)}`}
                onClick={() =>
                  change((d) => {
                    const { [s]: _gone, ...rest } = d.skills;
                    return { ...d, skills: rest };
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && !readOnly && (
        <form
          className="cr-add-skill"
          onSubmit={(e) => {
            e.preventDefault();
            if (adding) add(adding);
          }}
        >
          <label className="kit-label" htmlFor={`${uid}-add`}>
            Add a skill
          </label>
          <div className="cr-row">
            <select id={`${uid}-add`} className="kit-input" value={adding} onChange={(e) => setAdding(e.target.value as Skill)}>
              <option value="">Choose a skill…</option>
              {others.map((s) => (
                <option key={s} value={s}>
                  {capitalized(s)} ({capitalized(SKILLS[s])})
                </option>
              ))}
            </select>
            <button type="submit" className="btn" disabled={!adding}>
              Add skill
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function ChosenProperties({
  creature: c,
  catalogue,
  change,
  readOnly,
  hrefFor,
}: {
  creature: Creature;
  catalogue: readonly CreaturePropertyEntry[];
  change: Change;
  readOnly: boolean;
  hrefFor?: (id: string) => string | undefined;
}) {
  const { evaluation } = useEditor<Creature>();
  if (c.properties.length === 0) return <p className="kit-muted">No properties yet: add some from the browser below.</p>;
  return (
    <ul className="cr-item-list" aria-label="Chosen properties">
      {c.properties.map((p, i) => {
        const e = catalogue.find((x) => x.id === p.id);
        const potency = e ? effectivePotency(e, p.potency) : 1;
        const issues = issuesWithin(evaluation.issues, `properties.${i}`).filter((x) => x.path !== `properties.${i}.potency` || !e?.potency);
        const href = hrefFor?.(p.id);
        const name = e?.name ?? p.id;
        return (
          <li key={`${p.id}-${i}`} className="cr-item" data-field-path={`properties.${i}`} data-property={p.id}>
            <div className="cr-item-main">
              <span className="cr-item-name">{href ? <a href={href}>{name}</a> : name}</span>
              {e && (
                <span className="cr-item-meta">
                  Threat {e.threat * potency}
                  {modifierText(e, potency) ? ` · ${modifierText(e, potency)}` : ''}
                </span>
              )}
              <FieldIssues id={`field-properties-${i}`} issues={issues} />
            </div>
            <div className="cr-item-actions">
              {e?.potency && <NumberStepper path={`properties.${i}.potency`} label="Potency" {...CATALOGUE_STEP_RANGE} limit={e.potency.max} value={p.potency ?? 1} />}
              <button
                type="button"
                className="btn kit-small"
                id={`field-properties-${i}`}
                disabled={readOnly}
                aria-label={`Remove ${name}`}
                onClick={() => change((d) => ({ ...d, properties: d.properties.filter((_, j) => j !== i) }))}
              >
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
