/**
 * Dice at a glance: each skill's pool and its exact chance of success at
 * difficulties 1–6, with or without edge. Eight narrow columns, so it fits a
 * phone without scrolling; the print sheet shows both modes at once.
 */
import { memo, useEffect, useId, useMemo, useState } from 'react';
import type { Character } from '../../rules/engine';
import { DIFFICULTIES } from '../../rules/engine';
import { ATTRIBUTE_LABELS, SKILL_LABELS } from './data';
import { exactOdds } from '../kit/odds';
import { diceAtAGlance, formatChance, warmDice, GLANCE_DIFFICULTIES } from './dice';

export interface DiceTableProps {
  doc: Pick<Character, 'attributes' | 'skills'>;
  overBulk: boolean;
  /** Print: each cell shows "plain / edge" and no toggle. */
  both?: boolean;
}

function DiceTableView({ doc, overBulk, both = false }: DiceTableProps) {
  const [edge, setEdge] = useState(false);
  const id = useId();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 50));
    idle(() => warmDice());
  }, []);
  const rows = useMemo(() => diceAtAGlance(doc, overBulk), [doc.attributes, doc.skills, overBulk]);
  const captionId = `${id}-caption`;
  return (
    <div className="ch-dice">
      {!both && (
        <label className="ch-dice-toggle">
          <input type="checkbox" checked={edge} onChange={(e) => setEdge(e.target.checked)} /> With edge
        </label>
      )}
      <table className="ch-dice-table" aria-describedby={captionId} data-edge={both ? 'both' : String(edge)}>
        <caption id={captionId}>
          Chance of success by difficulty{both ? ' (without / with edge)' : edge ? ', with edge' : ', without edge'}
          {overBulk ? '; Reflex skills lose a die for bulk' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Skill</th>
            <th scope="col" className="num">
              Pool
            </th>
            {GLANCE_DIFFICULTIES.map((d) => (
              <th key={d} scope="col" className="num">
                <abbr title={`${DIFFICULTIES[d - 1]} (difficulty ${d})`}>{d}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.skill} data-skill={r.skill}>
              <th scope="row">
                {SKILL_LABELS[r.skill]}
                {/* The governing attribute in full, on its own line: as narrow as an abbreviation. */}
                <span className="ch-dice-attr"> {ATTRIBUTE_LABELS[r.attribute]}</span>
              </th>
              <td className="num" data-pool>
                {r.pool}
                {r.bulkPenalty && <span title="One die lost to bulk">*</span>}
              </td>
              {GLANCE_DIFFICULTIES.map((d, i) => (
                <td key={d} className="num" data-p={(edge ? r.edge : r.plain)[i]} title={both ? undefined : exactOdds((edge ? r.edge : r.plain)[i]!)}>
                  {both ? (
                    <>
                      {formatChance(r.plain[i]!)}
                      <span className="ch-dice-sep"> / </span>
                      <span className="ch-dice-edge">{formatChance(r.edge[i]!)}</span>
                    </>
                  ) : (
                    formatChance((edge ? r.edge : r.plain)[i]!)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Re-rendered only when a pool can have changed (attributes, skills, bulk):
 * the edit functions keep `attributes` and `skills` by reference when a
 * change leaves them alone, so taking a feature or adding gear skips the table.
 */
export const DiceTable = memo(DiceTableView, (a, b) => a.doc.attributes === b.doc.attributes && a.doc.skills === b.doc.skills && a.overBulk === b.overBulk && a.both === b.both);
