/**
 * `/nucleus/join#<campaign>.<code>`: what the invite opens, then joining
 * after a confirmation. A signed-out reader signs in (or up) first; the link
 * waits in session storage meanwhile, since /login's redirect keeps no
 * fragment.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { withBase } from '../../config/base';
import { $join, confirmJoin, readJoin } from './campaignState';
import { useCampaignCloud } from './useCampaignCloud';
import '../account/account.css';
import './campaign.css';

function session(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

export default function JoinApp() {
  const { cloud, problem } = useCampaignCloud();
  const join = useStore($join);

  useEffect(() => {
    if (cloud === undefined || problem) return;
    void readJoin(cloud, location.hash, session());
  }, [cloud, problem]);

  if (problem) return <p className="form-error" role="alert">{problem}</p>;
  switch (join.phase) {
    case 'reading':
      return <p role="status">Reading your invite…</p>;
    case 'signed-out':
      return (
        <p>
          To join, <a href={withBase('/login?redirect=/nucleus/join')}>sign in or create an account</a>; you come back here to confirm.
        </p>
      );
    case 'confirm':
    case 'joining':
      return (
        <div className="campaign-join">
          <p>
            Join <strong>“{join.campaignName}”</strong>? The invite works for {join.timeLeft}. The game master and the other players will see your name and the
            characters you choose to share.
          </p>
          <div className="profile-actions">
            <button type="button" className="btn btn-primary" disabled={join.phase === 'joining'} onClick={() => cloud && void confirmJoin(cloud)}>
              {join.phase === 'joining' ? 'Joining…' : 'Join the campaign'}
            </button>
            <a className="btn" href={withBase('/nucleus')}>
              Not now
            </a>
          </div>
        </div>
      );
    case 'joined':
      return (
        <p role="status">
          {join.message} <a href={withBase('/nucleus/campaign') + '#' + encodeURIComponent(join.campaignId!)}>Open the campaign</a>
        </p>
      );
    case 'error':
      return (
        <p className="form-error" role="alert">
          {join.message}
        </p>
      );
  }
}
