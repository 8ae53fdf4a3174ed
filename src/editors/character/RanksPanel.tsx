/**
 * Ranks: the XP needed for the next rank and the advancement log, one entry
 * per rank-up saying what it gave and what of it is still to spend.
 */
import type { Character } from '../../rules';
import { useEditor } from '../kit';
import { advancementLog, describeGains, xpToNextRank } from './advancement';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function leftText(left: { skillPoints: number; attributePoints: number; featureSlots: number }): string {
  const parts = [];
  if (left.skillPoints) parts.push(plural(left.skillPoints, 'skill point'));
  if (left.attributePoints) parts.push(plural(left.attributePoints, 'attribute point'));
  if (left.featureSlots) parts.push(plural(left.featureSlots, 'feature slot'));
  return parts.join(', ');
}

export function RanksPanel() {
  const { doc } = useEditor<Character>();
  const log = advancementLog(doc);
  const next = xpToNextRank(doc.xp);
  return (
    <section className="ch-section" aria-labelledby="ch-ranks-title" id="ranks">
      <h2 id="ch-ranks-title">Ranks</h2>
      <p data-next-rank>
        {next ? (
          <>
            {doc.xp} XP: rank {next.next - 1}. Rank {next.next} at {next.at} XP — <strong>{next.needed} XP</strong> to go.
          </>
        ) : (
          <>{doc.xp} XP: rank 10, the highest.</>
        )}
      </p>
      {log.length === 0 ? (
        <p className="ch-muted">No rank-ups yet. Each rank above 1 gives 2 skill points and a feature slot; ranks 4, 7 and 10 also an attribute point.</p>
      ) : (
        <ol className="ch-log" aria-label="Advancement log">
          {log.map((e) => (
            <li key={e.rank} className={`ch-log-entry${e.spent ? ' is-spent' : ''}`} data-log-rank={e.rank} data-spent={e.spent}>
              <span className="ch-log-rank">Rank {e.rank}</span>
              <span className="ch-log-gains">{describeGains(e.gains)}</span>
              <span className={`ch-log-state${e.spent ? '' : ' is-open'}`}>{e.spent ? 'Spent' : `To spend: ${leftText(e.left)}`}</span>
              {e.at && <time className="ch-muted" dateTime={e.at}>{new Date(e.at).toLocaleDateString()}</time>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
