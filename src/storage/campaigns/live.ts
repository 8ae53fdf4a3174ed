/**
 * A campaign's running encounters in Firestore (docs/accounts.md "Campaigns",
 * docs/reliability.md "Live at the table"): the game master publishes the
 * fight at once (not through autosave), members follow one encounter, and a
 * player changes their own hero's values.
 *
 * Live values are not revision-checked document saves: each is a field of
 * its own with the server's time. A player's change names the time of the
 * value it replaces, so the rules refuse it if the game master changed the
 * value meanwhile, and `setHeroValue` reports both instead of overwriting.
 * Reached as `CampaignCloud.live`; heavy like it.
 */
import { collection, doc, getDoc, getDocs, onSnapshot, serverTimestamp, updateDoc, writeBatch, type Firestore, type Timestamp, type Unsubscribe } from 'firebase/firestore';
import { CampaignError, refusedCode } from './invite';

/** A hero's live values as every member sees them. */
export interface LiveHero {
  id: string;
  owner: string;
  name: string;
  maxHealth: number;
  strainCapacity: number;
  /** Taken off a landed attack's damage when the hero's player enters it (GAME.md §7). */
  protection: number;
  initiative: number | null;
  health: number;
  strain: number;
  /**
   * The server's time of each value, exactly as stored (to the microsecond):
   * a player's change names it as the value it replaces.
   */
  at: Record<HeroValue, Timestamp>;
  lastEntry?: { what: string; amount: number; by: string };
}

/** The values a player may change on their own hero. */
export type HeroValue = 'initiative' | 'health' | 'strain';

/** A creature as the players see it: its condition (GAME.md §7), its numbers only when revealed. */
export interface LiveCreature {
  name: string;
  condition: 'unhurt' | 'wounded' | 'bloodied' | 'down';
  health?: number;
  maxHealth?: number;
}

/** The running fight as the game master publishes it. */
export interface LiveFight {
  title: string;
  round: number;
  turn: number;
  order: string[];
  creatures: Record<string, LiveCreature>;
  reveal: boolean;
}

/** A hero as the game master publishes it: every value for a new hero, only the changed ones after. */
export type HeroWrite = { id: string; hero: Omit<LiveHero, 'at' | 'lastEntry'> } | { id: string; changed: Partial<Record<HeroValue, number | null>> };

/** One publication of the running fight; absent parts are left as the cloud has them. */
export interface LivePublication {
  fight?: LiveFight;
  heroes: HeroWrite[];
  /** Heroes no longer in the fight. */
  removed: string[];
  numbers?: Record<string, { health: number; maxHealth: number }>;
}

/** An encounter being run in the campaign, as the campaign page lists it. */
export interface RunningEncounter {
  id: string;
  title: string;
  round: number;
}

/** What became of a player's change of a live value. */
export type HeroChange =
  | { applied: true }
  /** The game master changed the value first: theirs stands, and `current` is it. */
  | { applied: false; current: number | null; sentence: string };

const HERO_VALUE_NAMES: Record<HeroValue, string> = { initiative: 'initiative', health: 'Health', strain: 'strain' };

/**
 * What firestore.rules accept of a live fight (they refuse anything past
 * these, so a hostile client cannot fill the documents with junk). The
 * creatures and their numbers are stored as JSON text, which the rules
 * check whole with one regular expression (they cannot loop over a map).
 */
export const LIVE_LIMITS = {
  /** Combatants in the order. */
  order: 500,
  /** Characters of a combatant id. */
  id: 100,
  /** Characters of a creature's name (the title's and a hero's too). */
  name: 300,
  /** Health and maximum Health, 0 to this. */
  health: 9999,
  /** Characters of the creatures' JSON text. */
  creaturesText: 200_000,
  /** Characters of the creatures' numbers' JSON text. */
  numbersText: 100_000,
} as const;

const within = (n: unknown, max: number) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;

/**
 * Why the cloud would refuse this fight, as a sentence, or null when it fits
 * (checked before sending, so the game master reads what is wrong).
 */
export function liveFightProblem(fight: LiveFight | undefined, numbers: Record<string, { health: number; maxHealth: number }> | undefined): string | null {
  const L = LIVE_LIMITS;
  const tooLarge = `This fight is too large to run in the campaign (at most ${L.order} combatants, names of at most ${L.name} characters, Health up to ${L.health}).`;
  const idOk = (id: string) => id.length >= 1 && id.length <= L.id && !id.includes('\n');
  if (fight) {
    if (fight.order.length > L.order || !fight.order.every(idOk)) return tooLarge;
    for (const [id, c] of Object.entries(fight.creatures)) {
      if (!idOk(id) || c.name.length > L.name) return tooLarge;
      if ('health' in c && (!within(c.health, L.health) || !within(c.maxHealth, L.health))) return tooLarge;
    }
    if (JSON.stringify(fight.creatures).length > L.creaturesText) return tooLarge;
  }
  if (numbers) {
    for (const [id, n] of Object.entries(numbers)) if (!idOk(id) || !within(n.health, L.health) || !within(n.maxHealth, L.health)) return tooLarge;
    if (JSON.stringify(numbers).length > L.numbersText) return tooLarge;
  }
  return null;
}

/** The creatures as stored (JSON text; a map from before), or none when the text does not read. */
function readCreatures(stored: unknown): Record<string, LiveCreature> {
  if (typeof stored === 'string') {
    try {
      const parsed: unknown = JSON.parse(stored);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, LiveCreature>) : {};
    } catch {
      return {};
    }
  }
  return stored && typeof stored === 'object' ? (stored as Record<string, LiveCreature>) : {};
}

/** How `CampaignCloud` turns a refused read into a sentence (removed, or the campaign deleted). */
export type Guarded = <T>(cid: string, read: () => Promise<T>) => Promise<T>;

export class CampaignLive {
  constructor(
    private readonly db: Firestore,
    private readonly uid: string,
    private readonly guarded: Guarded,
  ) {}

  private sub(cid: string, name: string) {
    return collection(this.db, 'campaigns', cid, name);
  }

  /**
   * The game master mirrors the running fight (written at once, not through
   * autosave): the fight, each hero's values, and the creatures' numbers in
   * a document only they can read.
   */
  async publishLive(cid: string, encounterId: string, fight: LiveFight, heroes: Omit<LiveHero, 'at' | 'lastEntry'>[], numbers: Record<string, { health: number; maxHealth: number }>): Promise<void> {
    await this.publishChanges(cid, encounterId, { fight, heroes: heroes.map((hero) => ({ id: hero.id, hero })), removed: [], numbers });
  }

  /**
   * Writes only what changed, in one commit: a hero value the game master
   * did not change keeps its server time, so a player's change based on it
   * still applies. Offline, the SDK queues the commit and the promise waits.
   */
  async publishChanges(cid: string, encounterId: string, p: LivePublication): Promise<void> {
    const problem = liveFightProblem(p.fight, p.numbers);
    if (problem) throw new CampaignError(problem);
    const live = doc(this.db, 'campaigns', cid, 'live', encounterId);
    const batch = writeBatch(this.db);
    if (p.fight) batch.set(live, { ...p.fight, creatures: JSON.stringify(p.fight.creatures), updatedAt: serverTimestamp() });
    for (const w of p.heroes) {
      const now = serverTimestamp();
      if ('hero' in w) {
        const { id: _id, ...h } = w.hero;
        batch.set(doc(live, 'heroes', w.id), { ...h, initiativeAt: now, healthAt: now, strainAt: now });
      } else {
        const fields = Object.fromEntries(Object.entries(w.changed).flatMap(([k, v]) => [[k, v], [`${k}At`, now]]));
        if (Object.keys(fields).length > 0) batch.update(doc(live, 'heroes', w.id), fields);
      }
    }
    for (const id of p.removed) batch.delete(doc(live, 'heroes', id));
    if (p.numbers) batch.set(doc(this.db, 'campaigns', cid, 'secrets', encounterId), { numbers: JSON.stringify(p.numbers) });
    await batch.commit();
  }

  /** The game master stops running an encounter: its live state leaves the cloud (the encounter document keeps it). */
  async stopLive(cid: string, encounterId: string): Promise<void> {
    const live = doc(this.db, 'campaigns', cid, 'live', encounterId);
    const batch = writeBatch(this.db);
    for (const h of (await getDocs(collection(live, 'heroes'))).docs) batch.delete(h.ref);
    batch.delete(live);
    batch.delete(doc(this.db, 'campaigns', cid, 'secrets', encounterId));
    await batch.commit();
  }

  /** The encounters being run in the campaign (for its page; the live view then follows one). */
  watchRunning(cid: string, onChange: (running: RunningEncounter[]) => void, onGone: (sentence: string) => void): Unsubscribe {
    return onSnapshot(
      this.sub(cid, 'live'),
      (snap) => onChange(snap.docs.map((d) => ({ id: d.id, title: String(d.data().title ?? ''), round: Number(d.data().round ?? 0) }))),
      (e) => void this.guarded(cid, () => Promise.reject(e)).catch((err: Error) => onGone(err.message)),
    );
  }

  /** Follows one encounter's live state: the fight and its heroes (a narrow listener). */
  watchLive(cid: string, encounterId: string, onChange: (fight: LiveFight | null, heroes: LiveHero[]) => void, onGone: (sentence: string) => void): Unsubscribe {
    const live = doc(this.db, 'campaigns', cid, 'live', encounterId);
    let fight: LiveFight | null = null;
    let heroes: LiveHero[] = [];
    const gone = (e: unknown) => void this.guarded(cid, () => Promise.reject(e)).catch((err: Error) => onGone(err.message));
    const stopFight = onSnapshot(
      live,
      (snap) => {
        fight = snap.exists() ? liveFightOf(snap.data()) : null;
        onChange(fight, heroes);
      },
      gone,
    );
    const stopHeroes = onSnapshot(
      collection(live, 'heroes'),
      (snap) => {
        heroes = snap.docs.map((d) => liveHero(d.id, d.data()));
        onChange(fight, heroes);
      },
      gone,
    );
    return () => {
      stopFight();
      stopHeroes();
    };
  }

  /**
   * A player changes one value of their own hero. `seen` is the hero as
   * their screen showed it; if the game master changed that value since,
   * the rules refuse the change and this says so with the value that stands.
   */
  async setHeroValue(cid: string, encounterId: string, seen: LiveHero, field: HeroValue, value: number, entry?: { what: 'initiative' | 'damage' | 'healing' | 'strain'; amount: number }): Promise<HeroChange> {
    const ref = doc(this.db, 'campaigns', cid, 'live', encounterId, 'heroes', seen.id);
    try {
      await updateDoc(ref, {
        [field]: value,
        [`${field}At`]: serverTimestamp(),
        [`${field}From`]: seen.at[field],
        ...(entry ? { lastEntry: { ...entry, by: this.uid, at: serverTimestamp() } } : {}),
      });
      return { applied: true };
    } catch (e) {
      if (refusedCode(e) !== 'permission-denied') throw e;
      if (seen.owner !== this.uid) throw new CampaignError(`Only ${seen.name}’s player and the game master change ${seen.name}’s values.`);
      const now = await this.guarded(cid, () => getDoc(ref));
      const current = now.exists() ? (now.data()[field] as number | null) : null;
      const name = HERO_VALUE_NAMES[field];
      return {
        applied: false,
        current,
        sentence: `Your change of ${seen.name}’s ${name} to ${value} was not applied: the game master set it to ${current ?? 'nothing'} meanwhile. Enter it again if it still holds.`,
      };
    }
  }
}

function liveFightOf(d: Record<string, unknown>): LiveFight {
  return {
    title: String(d.title ?? ''),
    round: Number(d.round ?? 0),
    turn: Number(d.turn ?? 0),
    order: Array.isArray(d.order) ? d.order.map(String) : [],
    creatures: readCreatures(d.creatures),
    reveal: d.reveal === true,
  };
}

function liveHero(id: string, d: Record<string, unknown>): LiveHero {
  return {
    id,
    owner: String(d.owner),
    name: String(d.name),
    maxHealth: Number(d.maxHealth),
    strainCapacity: Number(d.strainCapacity),
    protection: Number(d.protection ?? 0),
    initiative: (d.initiative as number | null) ?? null,
    health: Number(d.health),
    strain: Number(d.strain),
    at: { initiative: d.initiativeAt as Timestamp, health: d.healthAt as Timestamp, strain: d.strainAt as Timestamp },
    ...(d.lastEntry ? { lastEntry: d.lastEntry as LiveHero['lastEntry'] } : {}),
  };
}
