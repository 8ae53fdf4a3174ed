/**
 * One campaign: its members, the characters they share (read-only, as their
 * players last saved them, updated live) and, for the game master, the
 * invite link and deleting the campaign.
 */
import { useEffect, useState } from 'react';
import type { DocumentSummary } from '../../storage';
import { CAMPAIGN_FULL_FOR_GM, joinFragment, inviteTimeLeft, MAX_CAMPAIGN_MEMBERS } from '../../storage/campaigns';
import type { CampaignCloud } from '../../storage/campaigns/cloud';
import { withBase } from '../../config/base';
import LiveEncounters from './LiveEncounters';
import {
  attachCharacter,
  deleteCampaign,
  detachCharacter,
  leaveCampaign,
  makeInvite,
  removeMember,
  revokeInvite,
  type CampaignPage,
} from './campaignState';

interface Props {
  cloud: CampaignCloud;
  uid: string;
  page: CampaignPage;
}

export default function CampaignView({ cloud, uid, page }: Props) {
  if (page.phase === 'loading') return <p role="status">Loading the campaign…</p>;
  if (page.phase === 'gone' || !page.campaign) {
    return (
      <div className="campaign-gone">
        <p role="status">{page.message}</p>
        <p>
          <a href={withBase('/nucleus/campaign')}>Your campaigns</a>
        </p>
      </div>
    );
  }
  const { campaign, isGm } = page;
  const names = new Map(page.members.map((m) => [m.uid, m.name]));
  return (
    <div className="campaign">
      <p>
        <a href={withBase('/nucleus/campaign')}>← Your campaigns</a>
      </p>
      <h2>{campaign.name}</h2>
      {campaign.notes && <p className="campaign-notes">{campaign.notes}</p>}
      {page.message && (
        <p className="form-notice" role="status">
          {page.message}
        </p>
      )}
      <section aria-labelledby="members-title">
        <h3 id="members-title">Members</h3>
        {isGm && page.members.length >= MAX_CAMPAIGN_MEMBERS && (
          <p className="form-notice" role="status">
            {CAMPAIGN_FULL_FOR_GM}
          </p>
        )}
        <ul className="campaign-members">
          {page.members.map((m) => (
            <li key={m.uid}>
              {m.name}
              {m.uid === campaign.gm && <span className="badge">Game master</span>}
              {m.uid === uid && <span className="badge">You</span>}
              {isGm && m.uid !== uid && (
                <button type="button" className="btn btn-small" onClick={() => void removeMember(cloud, m)}>
                  Remove {m.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="characters-title">
        <h3 id="characters-title">Characters</h3>
        {page.characters.length === 0 && <p>No character is shared yet.</p>}
        <ul className="campaign-characters">
          {page.characters.map((c) => (
            <li key={c.id}>
              <strong>{c.name || 'Unnamed character'}</strong> <span className="campaign-owner">({names.get(c.owner) ?? 'a former member'})</span>
              {c.document === null && <span> — saved by a newer Nucleus: shown by name only</span>}
              {(c.owner === uid || isGm) && (
                <button type="button" className="btn btn-small" onClick={() => void detachCharacter(cloud, c.id)}>
                  {c.owner === uid ? 'Stop sharing' : 'Take off the campaign'}
                </button>
              )}
            </li>
          ))}
        </ul>
        <AttachCharacter cloud={cloud} />
      </section>
      <LiveEncounters cloud={cloud} uid={uid} cid={campaign.id} />
      {isGm ? <GameMasterTools cloud={cloud} page={page} /> : <LeaveCampaign cloud={cloud} />}
    </div>
  );
}

/** A player shares one of the characters on this device, as it stands now. */
function AttachCharacter({ cloud }: { cloud: CampaignCloud }) {
  const [characters, setCharacters] = useState<DocumentSummary[] | null>(null);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    void import('../../storage/active')
      .then((m) => m.activeRepository())
      .then((repo) => repo.list({ kind: 'character' }))
      // A character that cannot be read cannot be shared (the library lists it with its sentence).
      .then((list) => setCharacters(list.filter((d) => !d.problem)))
      .catch(() => setCharacters([]));
  }, []);
  if (characters === null) return null;
  if (characters.length === 0) return <p>You have no character on this device to share: make one in the character editor.</p>;
  const attach = async () => {
    const { activeRepository } = await import('../../storage/active');
    const stored = await (await activeRepository()).get(chosen || characters[0]!.id);
    if (stored) await attachCharacter(cloud, stored.document);
  };
  return (
    <div className="inline-field campaign-attach">
      <label htmlFor="campaign-attach">Share a character</label>
      <select id="campaign-attach" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        {characters.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name || 'Unnamed character'}
          </option>
        ))}
      </select>
      <button type="button" className="btn" onClick={() => void attach()}>
        Share
      </button>
    </div>
  );
}

function GameMasterTools({ cloud, page }: { cloud: CampaignCloud; page: CampaignPage }) {
  const [confirming, setConfirming] = useState(false);
  const link = page.invite ? new URL(withBase('/nucleus/join') + '#' + joinFragment(page.campaign!.id, page.invite.code), location.href).href : null;
  return (
    <>
      <section aria-labelledby="invite-title">
        <h3 id="invite-title">Invite players</h3>
        {link ? (
          <>
            <label htmlFor="campaign-invite">Invite link (works for {inviteTimeLeft(page.invite!.expiresAt, Date.now())})</label>
            <input id="campaign-invite" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            <div className="profile-actions">
              <button type="button" className="btn" onClick={() => void navigator.clipboard?.writeText(link)}>
                Copy link
              </button>
              <button type="button" className="btn" onClick={() => void makeInvite(cloud)}>
                New link
              </button>
              <button type="button" className="btn" onClick={() => void revokeInvite(cloud)}>
                Withdraw link
              </button>
            </div>
          </>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void makeInvite(cloud)}>
            Make an invite link
          </button>
        )}
      </section>
      <section aria-labelledby="delete-title">
        <h3 id="delete-title">Delete the campaign</h3>
        <p>Its members keep their own characters; what is shared here is deleted from the cloud.</p>
        {confirming ? (
          <div className="profile-actions">
            <button
              type="button"
              className="btn btn-danger"
              onClick={() =>
                void deleteCampaign(cloud).then((done) => {
                  if (done) history.replaceState(null, '', location.pathname);
                })
              }
            >
              Delete “{page.campaign!.name}”
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            Delete campaign…
          </button>
        )}
      </section>
    </>
  );
}

function LeaveCampaign({ cloud }: { cloud: CampaignCloud }) {
  return (
    <section aria-labelledby="leave-title">
      <h3 id="leave-title">Leave</h3>
      <p>Your shared characters come off the campaign; your own copies stay yours.</p>
      <button type="button" className="btn btn-danger" onClick={() => void leaveCampaign(cloud)}>
        Leave the campaign
      </button>
    </section>
  );
}
