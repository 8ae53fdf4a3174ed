/**
 * Each attack's pool and its exact chance to hit a Guard of 1–6 (with edge
 * under it), computed by the rules engine's dice maths. A compact table that
 * fits a phone: six narrow columns of percentages.
 */
import { useId } from 'react';
import type { Creature } from '../../rules';
import { GUARDS, attackPool, percent } from './attacks';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function AttackPools({ creature }: { creature: Creature }) {
  const uid = useId();
  if (creature.attacks.length === 0) return null;
  return (
    // Sits in the summary's list under the term "Attack pools", which names it.
    <div className="cr-pools" id={uid}>
      <div className="cr-table-scroll">
        <table className="cr-table cr-pool-table">
          <caption className="cr-visually-hidden">Chance to hit a Guard of 1 to 6 for each attack</caption>
          <thead>
            <tr>
              <th scope="col">Attack</th>
              {GUARDS.map((g) => (
                <th scope="col" key={g}>
                  <abbr title={`Guard ${g}`}>G{g}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {creature.attacks.map((a, i) => {
              const p = attackPool(creature, a);
              return (
                <tr key={i} data-attack={i}>
                  <th scope="row">
                    <span className="cr-pool-name">{a.name || 'Unnamed attack'}</span>
                    <span className="cr-pool-dice" data-pool={p.pool}>
                      {p.pool} {p.pool === 1 ? 'die' : 'dice'} ({cap(p.attribute)} + {cap(p.skill)})
                    </span>
                  </th>
                  {p.chances.map((c) => (
                    <td key={c.guard} data-guard={c.guard} data-chance={c.chance}>
                      {percent(c.chance)}
                      <span className="cr-edge">
                        <span className="cr-visually-hidden">with edge </span>
                        {percent(c.edge)}
                      </span>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="cr-pool-note">Chance to hit a target of each Guard; the smaller figure is with edge. Exact, from the dice maths.</p>
    </div>
  );
}
