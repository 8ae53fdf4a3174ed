/**
 * A member's live view of an encounter the game master runs in the
 * campaign (nanostores): the order, round and turn, heroes' values and
 * creatures' condition, and a player's own entries (initiative, a landed
 * attack's damage) on their hero. An entry is written at once; offline the
 * SDK queues it and the view says it waits; one the game master's newer
 * value beat comes back as a sentence, never dropped unseen.
 */
import { atom } from 'nanostores';
import { applyDamage, type Combatant } from '../../rules/engine';
import type { CampaignCloud, LiveFight, LiveHero, RunningEncounter } from '../../storage/campaigns/cloud';
import { campaignSentence } from './campaignState';

export interface HeroNote {
  /** An entry sent but not yet acknowledged (offline: queued). */
  waiting?: string;
  /** Why the last entry was not applied, or was refused as typed. */
  problem?: string;
}

export interface LiveView {
  phase: 'loading' | 'ready' | 'ended' | 'gone';
  fight: LiveFight | null;
  heroes: LiveHero[];
  notes: Record<string, HeroNote>;
  message: string | null;
}

/** One place in the initiative order as members see it. */
export interface LiveRow {
  id: string;
  name: string;
  side: 'hero' | 'creature';
  active: boolean;
  condition: string;
  /** Heroes, and creatures whose numbers the game master reveals. */
  health?: number;
  maxHealth?: number;
  hero?: LiveHero;
}

export const EMPTY_LIVE: LiveView = { phase: 'loading', fight: null, heroes: [], notes: {}, message: null };
export const $liveView = atom<LiveView>(EMPTY_LIVE);
export const $running = atom<RunningEncounter[]>([]);

const patch = (next: Partial<LiveView>) => $liveView.set({ ...$liveView.get(), ...next });
const note = (heroId: string, n: HeroNote) => patch({ notes: { ...$liveView.get().notes, [heroId]: n } });

/** Follows one encounter; returns the function that stops following. */
export function followLive(cloud: CampaignCloud, cid: string, encounterId: string): () => void {
  $liveView.set(EMPTY_LIVE);
  return cloud.live.watchLive(
    cid,
    encounterId,
    (fight, heroes) => {
      const was = $liveView.get();
      if (!fight) return patch(was.phase === 'ready' ? { phase: 'ended', fight: null, message: 'The game master stopped running this encounter here.' } : { heroes });
      patch({ phase: 'ready', fight, heroes, message: null });
    },
    (sentence) => $liveView.set({ ...EMPTY_LIVE, phase: 'gone', message: sentence }),
  );
}

/** The order as members see it (an id whose entry has not arrived yet is left out). */
export function liveRows(fight: LiveFight, heroes: LiveHero[]): LiveRow[] {
  return fight.order.flatMap((id, i): LiveRow[] => {
    const hero = heroes.find((h) => h.id === id);
    const active = i === fight.turn && fight.round > 0;
    if (hero) return [{ id, name: hero.name, side: 'hero', active, condition: hero.health <= 0 ? 'down' : '', health: hero.health, maxHealth: hero.maxHealth, hero }];
    const c = fight.creatures[id];
    return c ? [{ id, name: c.name, side: 'creature', active, condition: c.condition, ...(c.health !== undefined ? { health: c.health, maxHealth: c.maxHealth } : {}) }] : [];
  });
}

/** The hero's Health after a landed attack's damage before protection (GAME.md §7: the fight's own rule). */
export function healthAfter(hero: LiveHero, damage: number): number {
  const c: Combatant = { id: hero.id, name: hero.name, side: 'hero', entry: hero.id, listed: 0, reflex: 0, health: hero.health, maxHealth: hero.maxHealth, protection: hero.protection, strain: hero.strain, strainCapacity: hero.strainCapacity, note: '', joined: 1 };
  return applyDamage({ round: 1, turn: 0, order: [c.id], combatants: [c] }, c.id, damage).combatants[0]!.health;
}

function typedNumber(typed: string, what: string, max: number): number | string {
  const n = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(n) || n < 0) return `Type the ${what} as a whole number, 0 or more.`;
  return n > max ? `The ${what} is at most ${max}.` : n;
}

async function send(cloud: CampaignCloud, cid: string, encounterId: string, hero: LiveHero, field: 'initiative' | 'health', value: number, entry: { what: 'initiative' | 'damage'; amount: number }, words: string): Promise<boolean> {
  note(hero.id, { waiting: `Your entry (${words}) waits to be sent: it goes as soon as the cloud can be reached.` });
  try {
    const result = await cloud.live.setHeroValue(cid, encounterId, hero, field, value, entry);
    note(hero.id, result.applied ? {} : { problem: result.sentence });
    return result.applied;
  } catch (e) {
    note(hero.id, { problem: `Your entry (${words}) was not sent: ${campaignSentence(e)}` });
    return false;
  }
}

/** A player enters a landed attack's damage (before protection) against their own hero. */
export function enterDamage(cloud: CampaignCloud, cid: string, encounterId: string, hero: LiveHero, typed: string): Promise<boolean> {
  const n = typedNumber(typed, 'damage', 999);
  if (typeof n === 'string') return Promise.resolve(note(hero.id, { problem: n })).then(() => false);
  return send(cloud, cid, encounterId, hero, 'health', healthAfter(hero, n), { what: 'damage', amount: n }, `${n} damage`);
}

/** A player enters their hero's initiative: the hits their dice showed. */
export function enterInitiative(cloud: CampaignCloud, cid: string, encounterId: string, hero: LiveHero, typed: string): Promise<boolean> {
  const n = typedNumber(typed, 'initiative', 200);
  if (typeof n === 'string') return Promise.resolve(note(hero.id, { problem: n })).then(() => false);
  return send(cloud, cid, encounterId, hero, 'initiative', n, { what: 'initiative', amount: n }, `initiative ${n}`);
}
