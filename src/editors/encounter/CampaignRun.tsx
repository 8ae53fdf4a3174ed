/**
 * The tracker's campaign control: run this encounter in one of the game
 * master's campaigns (members then follow it live), show the creatures'
 * numbers or only their condition, and the players' entries, each with an
 * Undo. Shown only to someone signed in who runs a campaign.
 */
import { useEffect, useId, useState } from 'react';
import { useCampaignRun } from './useCampaignRun';
import type { PlayerEntry } from './liveRun';

const FIELD_NAMES = { initiative: 'initiative', health: 'Health', strain: 'strain' } as const;

function waitingSentence(waiting: number): string {
  if (waiting === 0) return 'The players see every change at once.';
  return `${waiting} change${waiting === 1 ? '' : 's'} wait${waiting === 1 ? 's' : ''} to reach the campaign (offline?); the tracker keeps working and they are sent, the latest last, when the network is back.`;
}

/**
 * Waiting publications, said only once one has waited a moment: online,
 * each is acknowledged within a fraction of a second and saying so each
 * time would only flicker.
 */
function useSlow(waiting: number): number {
  const [slow, setSlow] = useState(0);
  useEffect(() => {
    if (waiting === 0) return setSlow(0);
    const timer = setTimeout(() => setSlow(waiting), 1500);
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting === 0 ? 0 : slow;
}

export function CampaignRun() {
  const id = useId();
  const run = useCampaignRun();
  const slow = useSlow(run.waiting);
  // Kept while it has something to say: a campaign deleted from under the run leaves its sentence even when it was the last.
  if (run.campaigns.length === 0 && !run.choice && !run.problem) return null;
  const known = run.campaigns.some((c) => c.id === run.choice?.cid);
  return (
    <div className="enc-run" role="group" aria-labelledby={`${id}-h`}>
      <h3 className="enc-run-title" id={`${id}-h`}>
        Live at the table
      </h3>
      <div className="enc-inline">
        <label className="kit-field">
          <span className="kit-label">Run in campaign</span>
          <select className="kit-input" value={run.choice?.cid ?? ''} onChange={(e) => run.choose(e.target.value || null)}>
            <option value="">None (not shared)</option>
            {run.choice && !known && <option value={run.choice.cid}>The campaign chosen before</option>}
            {run.campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {run.choice && (
          <label className="enc-check">
            <input type="checkbox" checked={run.choice.reveal} onChange={(e) => run.setReveal(e.target.checked)} /> Show the players the creatures’ Health
          </label>
        )}
      </div>
      {run.choice && (
        <p className="kit-muted" role="status" data-live-waiting={run.waiting}>
          {waitingSentence(slow)}
        </p>
      )}
      {run.problem && (
        <p className="kit-alert" role="alert">
          {run.problem}
        </p>
      )}
      {run.entries.length > 0 && (
        <ul className="enc-entries" aria-label="Players’ entries">
          {run.entries.map((e) => (
            <Entry key={e.key} entry={e} undo={() => run.undo(e)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Entry({ entry: e, undo }: { entry: PlayerEntry; undo: () => void }) {
  const change = `${FIELD_NAMES[e.field]} ${e.from ?? '–'} → ${e.to ?? '–'}`;
  return (
    <li data-entry={e.heroId}>
      <span>
        {e.hero}’s player: {e.what} ({change})
        {e.applied ? '' : ': not applied, you had changed it first and your value stands'}
      </span>
      {e.applied && (
        <button type="button" className="btn btn-small" onClick={undo} aria-label={`Undo ${e.what} on ${e.hero}`}>
          Undo
        </button>
      )}
    </li>
  );
}
