/**
 * The campaign page's encounters being run: a list while none is open (one
 * listener on the campaign's live documents), then the live view of the one
 * a member opens (one listener on that encounter only).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CampaignCloud } from '../../storage/campaigns/cloud';
import { $running } from './liveState';
import LiveFightView from './LiveFightView';

interface Props {
  cloud: CampaignCloud;
  uid: string;
  cid: string;
}

export default function LiveEncounters({ cloud, uid, cid }: Props) {
  const running = useStore($running);
  const [open, setOpen] = useState<{ id: string; title: string } | null>(null);
  useEffect(() => {
    if (open) return;
    return cloud.live.watchRunning(cid, (list) => $running.set(list), () => $running.set([]));
  }, [cloud, cid, open]);

  if (open) return <LiveFightView cloud={cloud} uid={uid} cid={cid} encounterId={open.id} close={() => setOpen(null)} />;
  return (
    <section aria-labelledby="live-title">
      <h3 id="live-title">Encounters being run</h3>
      {running.length === 0 ? (
        <p>No encounter is being run here now. The game master starts one from the encounter tool’s fight (“Run in campaign”).</p>
      ) : (
        <ul className="campaign-live-list">
          {running.map((r) => {
            const title = r.title || 'Untitled encounter';
            return (
              <li key={r.id}>
                <strong>{title}</strong> <span className="campaign-owner">{r.round > 0 ? `round ${r.round}` : 'not started yet'}</span>
                <button type="button" className="btn btn-small" onClick={() => setOpen({ id: r.id, title })}>
                  Follow {title}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
