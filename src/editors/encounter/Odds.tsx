/**
 * The odds matrix as a game master reads it at a glance: one table per
 * direction, a row per attack, a column per target; each cell the chance to
 * land, expected damage per round and "about N rounds" to bring it down.
 */
import { useId } from 'react';
import { exactOdds, formatOdds } from '../kit';
import { cellWords, type OddsMatrix } from './matrix';

function Table({ title, m, empty }: { title: string; m: OddsMatrix; empty: string }) {
  const uid = useId();
  if (m.rows.length === 0 || m.targets.length === 0) {
    return (
      <div className="enc-odds-block">
        <h3 className="enc-subtitle">{title}</h3>
        <p className="kit-muted">{empty}</p>
      </div>
    );
  }
  return (
    <div className="enc-odds-block">
      <h3 className="enc-subtitle" id={`${uid}-h`}>
        {title}
      </h3>
      <div className="enc-scroll" role="region" aria-labelledby={`${uid}-h`} tabIndex={0}>
        <table className="enc-odds">
          <thead>
            <tr>
              <th scope="col">Attack</th>
              {m.targets.map((t) => (
                <th scope="col" key={t.id}>
                  {t.name}
                  <span className="enc-odds-meta">
                    Guard {t.guard} · Prot. {t.protection} · Health {t.health}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.rows.map((r, i) => (
              <tr key={i}>
                <th scope="row">
                  {r.attacker}
                  <span className="enc-odds-meta">
                    {r.attack.pool} dice · damage {r.attack.damage}
                    {r.attack.rate > 1 ? ` · rate ${r.attack.rate}` : ''}
                  </span>
                </th>
                {r.cells.map((c) => {
                  const words = cellWords(c);
                  return (
                    <td key={c.target} data-odds={c.lands} title={`Lands ${exactOdds(c.lands)}; ${c.perAttack.toFixed(3)} damage per attack, ${c.perRound.toFixed(3)} per round`}>
                      <strong>{formatOdds(c.lands)}</strong>
                      <span>{words.perRound}</span>
                      <span className={words.hopeless ? 'enc-cannot' : undefined}>{words.outcome}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function Odds({ creaturesVsHeroes, heroesVsCreatures }: { creaturesVsHeroes: OddsMatrix; heroesVsCreatures: OddsMatrix }) {
  const uid = useId();
  return (
    <section className="enc-section enc-wide" aria-labelledby={`${uid}-h`}>
      <h2 className="enc-title" id={`${uid}-h`}>
        Exact odds
      </h2>
      <p className="kit-muted">Chance to land, expected damage per round (protection applied) and about how many rounds to bring each one down: averages, never promises.</p>
      <Table title="Creatures against the party" m={creaturesVsHeroes} empty="Add creatures with attacks and a party to see their odds." />
      <Table title="The party against the creatures" m={heroesVsCreatures} empty="Add heroes with weapons (or a quick entry's attack) and creatures to see their odds." />
    </section>
  );
}
