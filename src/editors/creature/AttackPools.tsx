/**
 * Each attack's pool and its exact chance to hit a Guard of 1–6 (with edge
 * under it), computed by the rules engine's dice maths. One small table per
 * attack, captioned with its name and pool, so six narrow columns fit the
 * summary column and a phone.
 */
import type { Creature } from '../../rules';
import { exactOdds } from '../kit/odds';
import { GuardHead } from '../kit/GuardHead';
import { GUARDS, attackPool, percent } from './attacks';
import { capitalized } from '../../rules/engine';


export function AttackPools({ creature }: { creature: Creature }) {
  if (creature.attacks.length === 0) return null;
  // Sits in the summary's list under the term "Attack pools", which names it.
  return (
    <div className="cr-pools">
      {creature.attacks.map((a, i) => {
        const p = attackPool(creature, a);
        return (
          <table key={i} className="cr-table cr-pool-table" data-attack={i}>
            <caption>
              <span className="cr-pool-name">{a.name || 'Unnamed attack'}</span>{' '}
              <span className="cr-pool-dice" data-pool={p.pool}>
                {p.pool} {p.pool === 1 ? 'die' : 'dice'} ({capitalized(p.attribute)} + {capitalized(p.skill)}), damage {a.damage}
              </span>
            </caption>
            <GuardHead guards={GUARDS} />
            <tbody>
              <tr>
                <th scope="row">Hit</th>
                {p.chances.map((c) => (
                  <td key={c.guard} data-guard={c.guard} data-chance={c.chance} title={exactOdds(c.chance)}>
                    {percent(c.chance)}
                  </td>
                ))}
              </tr>
              <tr className="cr-edge-row">
                <th scope="row">Edge</th>
                {p.chances.map((c) => (
                  <td key={c.guard} data-guard-edge={c.guard} data-chance={c.edge} title={exactOdds(c.edge)}>
                    {percent(c.edge)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        );
      })}
      <p className="cr-pool-note">Chance to hit a target of each Guard, without and with edge. Exact, from the dice maths.</p>
    </div>
  );
}
