/**
 * The character sheet for the table: one or two printed pages with what a
 * player needs in play — who they are, attributes and skills with pools,
 * the derived values, features with their text, gear, cores and the odds.
 * Hidden on screen; the kit's print stylesheet shows only `.kit-print`.
 */
import { ATTRIBUTES, SKILL_NAMES, SKILLS, skillPool, type Catalogues, type Character, type CharacterDerived } from '../../rules/engine';
import { ATTRIBUTE_LABELS, SKILL_LABELS } from './data';
import { DiceTable } from './DiceTable';
import { SUMMARY_FIELDS, summaryText } from './summary';
import { gearMeta } from './GearPanel';
import { TablePanel } from './TablePanel';

export function CharacterSheet({ doc, derived, catalogues, valid }: { doc: Character; derived: CharacterDerived; catalogues: Catalogues; valid: boolean }) {
  const features = doc.features.map((f) => ({ f, e: catalogues.features.find((x) => x.id === f.id) }));
  return (
    <article className="ch-sheet" aria-label="Character sheet">
      <header className="ch-sheet-head">
        <h1>{doc.name || 'Unnamed character'}</h1>
        <p>
          {[doc.concept, doc.origin].filter(Boolean).join(' · ')}
          {doc.concept || doc.origin ? ' · ' : ''}Rank {derived.rank} · {doc.xp} XP{valid ? '' : ' · breaks a rule'}
        </p>
      </header>
      <div className="ch-sheet-cols">
        <section>
          <h2>Attributes</h2>
          <dl className="ch-sheet-dl">
            {ATTRIBUTES.map((a) => (
              <div key={a}>
                <dt>{ATTRIBUTE_LABELS[a]}</dt>
                <dd>{doc.attributes[a]}</dd>
              </div>
            ))}
          </dl>
          <h2>Derived</h2>
          <dl className="ch-sheet-dl">
            {SUMMARY_FIELDS.slice(1, 8).map((f) => (
              <div key={f.key}>
                <dt>{f.label}</dt>
                <dd>{summaryText(derived, f.key)}</dd>
              </div>
            ))}
            <div>
              <dt>Bulk carried</dt>
              <dd>{derived.bulkCarried}{derived.overBulk ? ' (over: −1 die on Reflex)' : ''}</dd>
            </div>
          </dl>
        </section>
        <section>
          <h2>Skills</h2>
          <table className="ch-sheet-table">
            <thead>
              <tr>
                <th scope="col">Skill</th>
                <th scope="col">Rank</th>
                <th scope="col">Pool</th>
              </tr>
            </thead>
            <tbody>
              {SKILL_NAMES.map((s) => (
                <tr key={s}>
                  <th scope="row">
                    {SKILL_LABELS[s]} <small>({ATTRIBUTE_LABELS[SKILLS[s]]})</small>
                  </th>
                  <td>{doc.skills[s]}</td>
                  <td>{skillPool(doc, s)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      <section>
        <h2>Features</h2>
        {features.length === 0 ? (
          <p>None.</p>
        ) : (
          <dl className="ch-sheet-features">
            {features.map(({ f, e }) => (
              <div key={f.id}>
                <dt>
                  {e?.name ?? f.id}
                  {(f.times ?? 1) > 1 ? ` ×${f.times}` : ''}
                </dt>
                <dd>{e?.text}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <div className="ch-sheet-cols">
        <section>
          <h2>Gear</h2>
          <ul>
            {doc.gear.map((g, i) => (
              <li key={i}>
                <strong>{g.name}</strong>
                {doc.armour === g.id ? ' (worn)' : ''} — {gearMeta(g)}
              </li>
            ))}
            {doc.gear.length === 0 && <li>None.</li>}
          </ul>
        </section>
        <section>
          <TablePanel doc={doc} overBulk={derived.overBulk} catalogues={catalogues} level={2} />
        </section>
      </div>
      <section className="ch-sheet-dice">
        <h2>Dice at a glance</h2>
        <DiceTable doc={doc} overBulk={derived.overBulk} both />
      </section>
      {doc.notes && (
        <section>
          <h2>Notes</h2>
          <p className="ch-sheet-notes">{doc.notes}</p>
        </section>
      )}
    </article>
  );
}
