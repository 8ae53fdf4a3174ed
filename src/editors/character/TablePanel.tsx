/**
 * At the table: an attack line for every weapon carried (pool, damage,
 * range, rate and the exact odds against Guard 1–6, without and with edge),
 * the credits spent on gear, and the installed cores with their strain,
 * effects and side effects. The same on screen and on the printed sheet.
 */
import { memo, useMemo } from 'react';
import type { Catalogues, Character } from '../../rules/engine';
import { exactOdds, formatOdds } from '../kit/odds';
import { GuardHead } from '../kit/GuardHead';
import { ATTRIBUTE_LABELS, SKILL_LABELS } from './data';
import { GUARDS, attackLines, gearCredits, installedCores, type AttackLine } from './sheet';
import { capitalized } from '../../rules/engine';

const credits = (n: number) => `${n.toLocaleString('en')} cr`;
/** "damage 3 (5 with a spark), ignores 2 protection" */
function damageText(a: AttackLine): string {
  const sparks = a.sparkDamage.map((s) => `${a.damage + s.damage} with ${s.sparks === 1 ? 'a spark' : `${s.sparks} sparks`}`);
  const protection = a.ignoresProtection > 0 ? `, ignores ${a.ignoresProtection} protection` : '';
  return `damage ${a.damage}${sparks.length ? ` (${sparks.join(', ')})` : ''}${protection}`;
}

export interface TablePanelProps {
  doc: Pick<Character, 'attributes' | 'skills' | 'gear' | 'cores' | 'homebrew'>;
  overBulk: boolean;
  catalogues: Partial<Catalogues>;
  /** Heading level of the parts: 3 on screen (under "At the table"), 2 on the sheet. */
  level?: 2 | 3;
}

function TablePanelView({ doc, overBulk, catalogues, level = 3 }: TablePanelProps) {
  const H = `h${level}` as 'h2' | 'h3';
  const attacks = useMemo(() => attackLines(doc, overBulk, catalogues), [doc.attributes, doc.skills, doc.gear, doc.homebrew, overBulk, catalogues]);
  const spent = useMemo(() => gearCredits(doc.gear, catalogues), [doc.gear, catalogues]);
  const cores = useMemo(() => installedCores(doc.cores, catalogues), [doc.cores, catalogues]);
  return (
    <div className="ch-table-play">
      <H>Attacks</H>
      {attacks.length === 0 ? (
        <p className="ch-muted">No weapon carried: add one under Gear to see its attack line.</p>
      ) : (
        <div className="ch-attacks">
          {attacks.map((a) => (
            <table key={a.index} className="ch-attack-table" data-attack={a.index}>
              <caption>
                <strong>{a.name}</strong>{' '}
                <span className="ch-attack-meta" data-pool={a.pool}>
                  {a.pool} {a.pool === 1 ? 'die' : 'dice'} ({ATTRIBUTE_LABELS[a.attribute]} + {SKILL_LABELS[a.skill]}
                  {a.bulkPenalty ? ', −1 for bulk' : ''}
                  {a.featureDice > 0 ? `, +${a.featureDice} from features` : ''}) · {damageText(a)} · {capitalized(a.range)} · rate {a.rate}
                </span>
                {a.features.length > 0 && (
                  <span className="ch-attack-features" data-attack-features>
                    {a.features.map((f) => (
                      <span key={f} className="ch-attack-feature">
                        {f}
                      </span>
                    ))}
                  </span>
                )}
              </caption>
              <GuardHead guards={GUARDS} />
              <tbody>
                {(['plain', 'edge'] as const).map((mode) => (
                  <tr key={mode}>
                    <th scope="row">{mode === 'plain' ? 'Hit' : 'Edge'}</th>
                    {a[mode].map((p, i) => (
                      <td key={i} data-guard={i + 1} data-mode={mode} data-chance={p} title={exactOdds(p)}>
                        {formatOdds(p)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      )}
      <H>Credits spent on gear</H>
      <p className="ch-credits">
        <strong data-credits={spent.total}>{credits(spent.total)}</strong>
        {spent.items.length > 0 && <span className="ch-muted"> — {spent.items.map((i) => `${i.name} ${credits(i.price)}`).join(', ')}</span>}
      </p>
      <H>Installed cores</H>
      {cores.length === 0 ? (
        <p className="ch-muted">No core installed.</p>
      ) : (
        <ul className="ch-core-list">
          {cores.map((k) => (
            <li key={k.index} data-core={k.index}>
              <strong>{k.name}</strong>{' '}
              <span className="ch-muted">
                tier {k.tier} · {k.discipline} · {k.activation} · <span data-strain={k.strain}>strain {k.strain}</span> to activate
              </span>
              <ul>
                {k.effects.map((e) => (
                  <li key={e}>{e}</li>
                ))}
                {k.sideEffects.map((s) => (
                  <li key={s.name} className="ch-side-effect">
                    Side effect: {s.name}
                    {s.text ? ` — ${s.text}` : ''}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const TablePanel = memo(TablePanelView);
