/**
 * Runs the open encounter in one of the game master's campaigns: every
 * tracker change is published at once (`liveRun.ts` says what), while the
 * encounter document's own cloud sync waits for the round's end
 * (`liveHold.ts`), players'
 * entries come back into the document as ordinary changes (so they are
 * saved, journalled and undoable), each listed with an Undo. The encounter
 * stays a local document: offline the tracker keeps working, the SDK
 * queues the publications and `waiting` counts them until they are sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useEditor } from '../kit';
import { useCampaignCloud } from '../../components/campaign/useCampaignCloud';
import { campaignSentence } from '../../components/campaign/campaignState';
import { CampaignError, type Campaign, type LiveHero, type SharedCharacter } from '../../storage/campaigns';
import type { Encounter } from './rules';
import { heroOwners, incomingEntries, planPublication, setHeroValue, type LiveBase, type PlayerEntry } from './liveRun';
import { LiveHold } from './liveHold';
import { forgetPlayers, keepPlayers, readPlayers, samePlayers } from './runPlayers';
import { useCampaignsRun } from './useCampaignsRun';

/** Where the choice is kept, so a reload mid-fight keeps publishing. */
const runKey = (encounterId: string) => `nucleus-run-in:${encounterId}`;

interface Choice {
  cid: string;
  reveal: boolean;
}

function readChoice(encounterId: string): Choice | null {
  try {
    const v = JSON.parse(localStorage.getItem(runKey(encounterId)) ?? 'null') as Choice | null;
    return v && typeof v.cid === 'string' ? { cid: v.cid, reveal: !!v.reveal } : null;
  } catch {
    return null;
  }
}

export interface CampaignRun {
  /** The campaigns this person runs (empty: signed out, or none). */
  campaigns: Campaign[];
  choice: Choice | null;
  choose(cid: string | null): void;
  setReveal(reveal: boolean): void;
  entries: PlayerEntry[];
  undo(entry: PlayerEntry): void;
  /** Publications the cloud has not acknowledged yet (offline: queued). */
  waiting: number;
  problem: string | null;
}

export function useCampaignRun(): CampaignRun {
  const { doc, change, readOnly } = useEditor<Encounter>();
  const handle = useCampaignCloud();
  const { cloud, uid } = handle;
  const [campaigns, setCampaigns] = useCampaignsRun(handle, readOnly);
  const [choice, setChoice] = useState<Choice | null>(() => readChoice(doc.id));
  // Keyed by campaign, so a publication never goes to a new campaign with the last one's players.
  const [sharedOf, setShared] = useState<{ cid: string; characters: SharedCharacter[] } | null>(null);
  const shared = sharedOf && sharedOf.cid === choice?.cid ? sharedOf.characters : null;
  const [entries, setEntries] = useState<PlayerEntry[]>([]);
  const [waiting, setWaiting] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const base = useRef<LiveBase | null>(null);
  const latest = useRef(doc);
  latest.current = doc;

  // A run chosen before a reload: its cloud code loads while the session is confirmed, not after it.
  useEffect(() => {
    if (readChoice(doc.id)) void import('../../storage/campaigns/cloud').catch(() => {});
  }, [doc.id]);

  /**
   * The campaign is out of reach (deleted, here or on another tab or device):
   * the run ends, the choice with it, and the sentence says why. Anything
   * else (offline, a refusal while the campaign stands) leaves the run as it is.
   */
  const endIfGone = useCallback(
    async (cid: string, said?: string): Promise<boolean> => {
      if (!cloud) return false;
      // A publication refused (or too large) says nothing of the campaign: ask it; the listeners' word is already why.
      const gone = said ?? (await cloud.campaign(cid).then(() => null, (e: unknown) => (e instanceof CampaignError ? e.message : null)));
      if (!gone) return false;
      if (readChoice(latest.current.id)?.cid === cid) {
        localStorage.removeItem(runKey(latest.current.id));
        setChoice(null);
      }
      setCampaigns((all) => all.filter((c) => c.id !== cid));
      setProblem(`${gone} This fight is no longer shared; the tracker goes on here as before.`);
      return true;
    },
    [cloud],
  );
  const endIfGoneNow = useRef(endIfGone);
  endIfGoneNow.current = endIfGone;

  const publish = useCallback(() => {
    if (!cloud || !uid || !choice || !shared) return;
    const plan = planPublication(latest.current, choice.reveal, heroOwners(latest.current, shared, uid), base.current);
    if (!plan) return;
    base.current = plan.base;
    setWaiting((n) => n + 1);
    cloud.live
      .publishChanges(choice.cid, latest.current.id, plan.publication)
      .then(() => setProblem(null))
      .catch(async (e: unknown) => {
        if (!(await endIfGoneNow.current(choice.cid))) setProblem(`The fight is not reaching the campaign: ${campaignSentence(e)}`);
      })
      .finally(() => setWaiting((n) => n - 1));
  }, [cloud, uid, choice, shared]);
  const publishNow = useRef(publish);
  publishNow.current = publish;

  // The shared characters (who plays each hero) are read once when the run starts; the first publication writes everything.
  // After a reload the players last read are used at once (runPlayers.ts), so the first turn does not wait for that read.
  useEffect(() => {
    base.current = null;
    setEntries([]);
    const known = choice ? readPlayers(doc.id, choice.cid) : null;
    setShared(choice && known && cloud && uid ? { cid: choice.cid, characters: known } : null);
    if (!cloud || !uid || !choice) return;
    let live = true;
    cloud
      .characters(choice.cid)
      .then((characters) => {
        if (!live) return;
        keepPlayers(doc.id, choice.cid, characters);
        if (!known || !samePlayers(known, characters)) setShared({ cid: choice.cid, characters });
      })
      .catch(async (e: unknown) => {
        if (live && !(await endIfGoneNow.current(choice.cid, e instanceof CampaignError ? e.message : undefined))) setProblem(campaignSentence(e));
      });
    return () => {
      live = false;
    };
  }, [cloud, uid, choice?.cid]);

  useEffect(publish, [publish, doc]);
  useLiveHold(doc, !!choice && !!doc.fight && !readOnly);

  // Players' entries: applied to the document unless the game master changed the same value first.
  useEffect(() => {
    if (!cloud || !choice || !shared) return;
    const arrived = (heroes: LiveHero[]) => {
      const agreed = base.current;
      if (!agreed) return;
      const fresh = incomingEntries(latest.current, agreed, heroes);
      if (fresh.length === 0) return;
      for (const e of fresh) agreed.heroes[e.heroId] = { ...agreed.heroes[e.heroId]!, [e.field]: e.to };
      const applied = fresh.filter((e) => e.applied);
      if (applied.length > 0) {
        change((d) => {
          try {
            return applied.reduce((acc, e) => setHeroValue(acc, e.heroId, e.field, e.to), d);
          } catch {
            return d; // a value the rules refuse (say, initiative past 200) changes nothing; the entry still shows
          }
        });
      }
      if (applied.length < fresh.length) publishNow.current();
      setEntries((list) => [...fresh.filter((e) => !list.some((o) => o.key === e.key)).reverse(), ...list].slice(0, 8));
    };
    const cid = choice.cid;
    // The live fight gone from under a published run: stopped, or the campaign deleted (another tab, another device).
    const vanished = (fight: unknown) => fight === null && base.current !== null && void endIfGoneNow.current(cid);
    return cloud.live.watchLive(cid, doc.id, (fight, heroes) => (vanished(fight), arrived(heroes)), (sentence) => void endIfGoneNow.current(cid, sentence));
  }, [cloud, choice?.cid, shared, doc.id]);

  const remember = (next: Choice | null) => {
    if (next) localStorage.setItem(runKey(doc.id), JSON.stringify(next));
    else {
      localStorage.removeItem(runKey(doc.id));
      forgetPlayers(doc.id);
    }
    setChoice(next);
  };

  return {
    campaigns,
    choice,
    choose(cid) {
      if (choice && cloud && cid !== choice.cid) void cloud.live.stopLive(choice.cid, doc.id).catch(() => {});
      setProblem(null);
      remember(cid ? { cid, reveal: false } : null);
    },
    setReveal(reveal) {
      if (choice) remember({ ...choice, reveal });
    },
    entries,
    undo(entry) {
      change((d) => setHeroValue(d, entry.heroId, entry.field, entry.from));
      setEntries((list) => list.filter((e) => e.key !== entry.key));
    },
    waiting,
    problem,
  };
}

/**
 * Holds the encounter document's cloud sync while its fight is live
 * (liveHold.ts): pushed at each round's end, a pause, the tab hidden or
 * left, and when the fight ends.
 */
function useLiveHold(doc: Encounter, live: boolean): void {
  const hold = useRef<LiveHold | null>(null);
  useEffect(() => {
    const h = new LiveHold(doc.id);
    hold.current = h;
    const visibility = () => (document.visibilityState === 'hidden' ? h.hide() : h.shown());
    const left = () => h.hide();
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', left);
    window.addEventListener('pageshow', visibility);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', left);
      window.removeEventListener('pageshow', visibility);
      h.stop();
      hold.current = null;
    };
  }, [doc.id]);
  useEffect(() => hold.current?.changed(live, doc.fight?.round ?? null), [doc, live]);
}
