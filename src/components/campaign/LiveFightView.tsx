/**
 * A member's live view of a running encounter: round, whose turn, the
 * initiative order with each hero's Health and strain and each creature's
 * condition (its Health only when the game master reveals it), and, on the
 * player's own hero, their initiative and a landed attack's damage.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CampaignCloud, LiveHero } from '../../storage/campaigns/cloud';
import { $liveView, enterDamage, enterInitiative, followLive, liveRows, type HeroNote, type LiveRow } from './liveState';

interface Props {
  cloud: CampaignCloud;
  uid: string;
  cid: string;
  encounterId: string;
  close: () => void;
}

/** Online or not, as the browser says: offline, the view says it shows the last state. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(navigator.onLine);
    window.addEventListener('online', on);
    window.addEventListener('offline', on);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', on);
    };
  }, []);
  return online;
}

export default function LiveFightView({ cloud, uid, cid, encounterId, close }: Props) {
  const view = useStore($liveView);
  const online = useOnline();
  useEffect(() => followLive(cloud, cid, encounterId), [cloud, cid, encounterId]);
  const back = (
    <button type="button" className="btn btn-small" onClick={close}>
      Back to the encounters
    </button>
  );
  if (view.phase !== 'ready' || !view.fight) {
    return (
      <section aria-labelledby="live-title" className="campaign-live">
        <h3 id="live-title">Live encounter</h3>
        <p role="status">{view.message ?? 'Loading the fight…'}</p>
        {back}
      </section>
    );
  }
  const { fight } = view;
  const rows = liveRows(fight, view.heroes);
  const now = rows.find((r) => r.active);
  return (
    <section aria-labelledby="live-title" className="campaign-live">
      <h3 id="live-title">{fight.title || 'Untitled encounter'}</h3>
      {!online && <p className="form-notice" role="status">You are offline: this is the fight as it last reached you. Your entries wait and are sent when you are back.</p>}
      <p className="campaign-live-now" aria-live="polite">
        {fight.round === 0 ? (
          'The fight has not started yet.'
        ) : (
          <>
            Round <strong data-live-round>{fight.round}</strong>
            {now && (
              <>
                {' '}
                · turn of <strong data-live-turn>{now.name}</strong>
              </>
            )}
          </>
        )}
      </p>
      <ol className="campaign-live-order" aria-label="Initiative order">
        {rows.map((r) => (
          <Row key={r.id} row={r} mine={r.hero?.owner === uid} note={view.notes[r.id]} cloud={cloud} cid={cid} encounterId={encounterId} />
        ))}
      </ol>
      {back}
    </section>
  );
}

function Row({ row, mine, note, cloud, cid, encounterId }: { row: LiveRow; mine: boolean; note?: HeroNote; cloud: CampaignCloud; cid: string; encounterId: string }) {
  const h = row.hero;
  return (
    <li className={row.active ? 'is-active' : undefined} aria-current={row.active ? 'step' : undefined} data-live-row={row.id}>
      <span className="campaign-live-name">
        {row.name}
        {mine && <span className="badge">Yours</span>}
      </span>
      {h ? (
        <span data-live-health={h.health}>
          Health {h.health}/{h.maxHealth} · strain {h.strain}/{h.strainCapacity} · initiative {h.initiative ?? '–'}
          {h.health <= 0 ? ' · down' : ''}
        </span>
      ) : (
        <span data-live-condition={row.condition}>
          {row.health !== undefined ? `Health ${row.health}/${row.maxHealth} · ` : ''}
          {row.condition}
        </span>
      )}
      {mine && h && <HeroEntries hero={h} note={note} cloud={cloud} cid={cid} encounterId={encounterId} />}
    </li>
  );
}

function HeroEntries({ hero, note, cloud, cid, encounterId }: { hero: LiveHero; note?: HeroNote; cloud: CampaignCloud; cid: string; encounterId: string }) {
  const [damage, setDamage] = useState('');
  const [initiative, setInitiative] = useState('');
  const busy = !!note?.waiting;
  const submit = (e: React.FormEvent, act: () => Promise<boolean>, clear: () => void) => {
    e.preventDefault();
    void act().then((ok) => ok && clear());
  };
  return (
    <div className="campaign-live-entries">
      <form className="inline-field" onSubmit={(e) => submit(e, () => enterDamage(cloud, cid, encounterId, hero, damage), () => setDamage(''))}>
        <label htmlFor={`dmg-${hero.id}`}>Damage against {hero.name} (before protection)</label>
        <input id={`dmg-${hero.id}`} inputMode="numeric" value={damage} onChange={(e) => setDamage(e.target.value)} />
        <button type="submit" className="btn btn-small" disabled={busy}>
          Apply damage
        </button>
      </form>
      <form className="inline-field" onSubmit={(e) => submit(e, () => enterInitiative(cloud, cid, encounterId, hero, initiative), () => setInitiative(''))}>
        <label htmlFor={`ini-${hero.id}`}>Initiative hits for {hero.name}</label>
        <input id={`ini-${hero.id}`} inputMode="numeric" value={initiative} onChange={(e) => setInitiative(e.target.value)} />
        <button type="submit" className="btn btn-small" disabled={busy}>
          Set initiative
        </button>
      </form>
      {note?.waiting && <p role="status">{note.waiting}</p>}
      {note?.problem && (
        <p className="form-error" role="alert">
          {note.problem}
        </p>
      )}
    </div>
  );
}
