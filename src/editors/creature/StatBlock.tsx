/**
 * The printed stat block: a compact card a game master pins to a screen.
 * Everything needed at the table in one glance: the derived values, the five
 * attributes, skills with their pools, attacks with pool, damage, range and
 * the chance to hit Guard 1–6, and the properties with their rule text.
 */
import { ATTRIBUTES, SKILLS, SKILL_NAMES, type Creature, type CreatureDerived, type CreaturePropertyEntry, capitalized } from '../../rules/engine';
import { GUARDS, attackPool, percent } from './attacks';
import { effectivePotency } from './threat';

const ABBR: Record<string, string> = { frame: 'FRM', reflex: 'REF', logic: 'LOG', nerve: 'NRV', sync: 'SYN' };

export interface StatBlockProps {
  creature: Creature;
  derived: CreatureDerived;
  properties: readonly CreaturePropertyEntry[];
}

export function StatBlock({ creature: c, derived: d, properties }: StatBlockProps) {
  const skills = SKILL_NAMES.filter((s) => (c.skills[s] ?? 0) > 0);
  return (
    <article className="cr-statblock" aria-label={`Stat block: ${c.name}`}>
      <header className="cr-sb-head">
        <h2 className="cr-sb-name">{c.name || 'Unnamed creature'}</h2>
        <p className="cr-sb-kind">
          {capitalized(c.creatureKind)} · Threat rank {c.threatRank}
          {d.computedThreatRank !== c.threatRank ? ` (numbers say ${d.computedThreatRank})` : ''}
        </p>
      </header>
      <dl className="cr-sb-derived">
        <div>
          <dt>Health</dt>
          <dd>{d.health}</dd>
        </div>
        <div>
          <dt>Guard</dt>
          <dd>{d.guard}</dd>
        </div>
        <div>
          <dt>Protection</dt>
          <dd>{d.protection}</dd>
        </div>
        <div>
          <dt>Threat</dt>
          <dd>{d.threatValue}</dd>
        </div>
      </dl>
      <dl className="cr-sb-attrs">
        {ATTRIBUTES.map((a) => (
          <div key={a}>
            <dt>
              <abbr title={capitalized(a)}>{ABBR[a]}</abbr>
            </dt>
            <dd>{c.attributes[a]}</dd>
          </div>
        ))}
      </dl>
      {skills.length > 0 && (
        <p className="cr-sb-line">
          <strong>Skills</strong>{' '}
          {skills.map((s) => `${capitalized(s)} ${c.skills[s]} (${c.attributes[SKILLS[s]] + (c.skills[s] ?? 0)} dice)`).join(', ')}
        </p>
      )}
      {c.attacks.length > 0 && (
        <table className="cr-sb-attacks">
          <thead>
            <tr>
              <th scope="col">Attack</th>
              <th scope="col">Dmg</th>
              <th scope="col">Range</th>
              <th scope="col">Dice</th>
              {GUARDS.map((g) => (
                <th scope="col" key={g}>
                  G{g}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.attacks.map((a, i) => {
              const p = attackPool(c, a);
              return (
                <tr key={i}>
                  <th scope="row">{a.name || 'Attack'}</th>
                  <td>{a.damage}</td>
                  <td>{capitalized(a.range)}</td>
                  <td>{p.pool}</td>
                  {p.chances.map((x) => (
                    <td key={x.guard}>{percent(x.chance)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {c.properties.length > 0 && (
        <ul className="cr-sb-props">
          {c.properties.map((p, i) => {
            const e = properties.find((x) => x.id === p.id);
            if (!e) return null;
            const potency = effectivePotency(e, p.potency);
            return (
              <li key={i}>
                <strong>
                  {e.name}
                  {e.potency ? ` ${potency}` : ''}.
                </strong>{' '}
                {e.text}
              </li>
            );
          })}
        </ul>
      )}
      {c.notes?.trim() && <p className="cr-sb-notes">{c.notes.trim()}</p>}
    </article>
  );
}
