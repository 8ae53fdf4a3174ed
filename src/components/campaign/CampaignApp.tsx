/**
 * `/nucleus/campaign`: the campaigns of the signed-in person, and one
 * campaign (`#<id>`) with its members, shared characters and invite link.
 * The logic is in `campaignState.ts`; this renders it.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { withBase } from '../../config/base';
import { $campaignList, $campaignPage, createCampaign, loadCampaigns, openCampaign } from './campaignState';
import CampaignView from './CampaignView';
import { useCampaignCloud } from './useCampaignCloud';
import type { CampaignCloud } from '../../storage/campaigns/cloud';
import '../account/account.css';
import './campaign.css';

function hashId(): string {
  return decodeURIComponent(location.hash.replace(/^#/, ''));
}

export default function CampaignApp() {
  const { cloud, uid, problem } = useCampaignCloud();
  const [cid, setCid] = useState(hashId);
  const page = useStore($campaignPage);

  useEffect(() => {
    const follow = () => setCid(hashId());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  useEffect(() => {
    if (!cloud || !uid) return;
    if (!cid) {
      void loadCampaigns(cloud);
      return;
    }
    let stop = () => {};
    let live = true;
    void openCampaign(cloud, uid, cid).then((s) => (live ? (stop = s) : s()));
    return () => {
      live = false;
      stop();
    };
  }, [cloud, uid, cid]);

  if (problem) return <p className="form-error" role="alert">{problem}</p>;
  if (cloud === undefined) return <p role="status">Loading your campaigns…</p>;
  if (cloud === null) {
    return (
      <p>
        Campaigns are kept in the cloud: <a href={withBase('/login?redirect=/nucleus/campaign')}>sign in</a> to see yours.
      </p>
    );
  }
  if (cid) return <CampaignView cloud={cloud} uid={uid!} page={page} />;
  return <CampaignList cloud={cloud} />;
}

function CampaignList({ cloud }: { cloud: CampaignCloud }) {
  const list = useStore($campaignList);
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const id = await createCampaign(cloud, name, notes);
    setBusy(false);
    if (id) location.hash = id;
  };

  return (
    <div className="campaigns">
      <section aria-labelledby="campaigns-title">
        <h2 id="campaigns-title">Your campaigns</h2>
        {list.phase === 'loading' && <p role="status">Loading…</p>}
        {list.phase === 'ready' && list.campaigns.length === 0 && <p>You run no campaign and have joined none yet. Start one below, or open an invite link a game master sent you.</p>}
        {list.campaigns.length > 0 && (
          <ul className="campaign-list">
            {list.campaigns.map((c) => (
              <li key={c.id}>
                <a href={`#${encodeURIComponent(c.id)}`}>{c.name}</a>
                {c.notes && <span className="campaign-notes"> — {c.notes}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="campaign-new" onSubmit={(e) => void create(e)} aria-labelledby="campaign-new-title">
        <h2 id="campaign-new-title">New campaign</h2>
        <div className="field">
          <label htmlFor="campaign-name">Name</label>
          <input id="campaign-name" value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="campaign-notes">Short notes (optional)</label>
          <textarea id="campaign-notes" value={notes} maxLength={2000} rows={3} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create campaign'}
        </button>
        {list.message && (
          <p className="form-error" role="alert">
            {list.message}
          </p>
        )}
      </form>
    </div>
  );
}
