/**
 * Running a fight (GAME.md §7, §1; SPEC.md F1–F10): the initiative roll die by
 * die, the order and its tie-breaks, a late joiner's place, turns and rounds,
 * delaying, damage, healing, strain and condition. Pure: every function
 * returns a new fight and leaves its argument alone, so the editor's history
 * can undo any change by keeping the old one. Randomness comes in as an
 * argument (a function like Math.random), so a roll can be replayed in a test.
 */
import type { Combatant, Encounter, Fight, Initiative, RolledDie } from './schemas';
import { RulesError } from './errors';

/** A source of numbers in [0, 1), like Math.random. */
export type Random = () => number;

/** Overcharge dice one roll may add at most: a broken random source that always rolls 6 still ends. */
export const MAX_OVERCHARGE = 100;

const face = (random: Random) => Math.min(6, Math.max(1, 1 + Math.floor(random() * 6)));
const counts = (d: RolledDie) => !d.rerolled && d.face >= 5;

/**
 * The Pulse roll of §1, die by die: the pool's dice; with edge each of them
 * that shows 1–4 is rerolled once (marked `rerolled`, the fresh die follows
 * as `edge`); every 6 still counting, of any origin, adds an `overcharge`
 * die, which can overcharge again. Hits = dice showing 5 or 6 that count.
 */
export function rollPool(pool: number, random: Random, edge = false): Initiative & { dice: RolledDie[] } {
  const n = Math.max(1, Math.round(pool));
  const dice: RolledDie[] = Array.from({ length: n }, () => ({ face: face(random), from: 'pool' as const }));
  if (edge) {
    for (let i = 0; i < n; i++) {
      if (dice[i]!.face <= 4) {
        dice[i] = { ...dice[i]!, rerolled: true };
        dice.push({ face: face(random), from: 'edge' });
      }
    }
  }
  let added = 0;
  for (let i = 0; i < dice.length && added < MAX_OVERCHARGE; i++) {
    if (!dice[i]!.rerolled && dice[i]!.face === 6) {
      dice.push({ face: face(random), from: 'overcharge' });
      added++;
    }
  }
  return { hits: dice.filter(counts).length, dice, ...(edge ? { edge } : {}) };
}

/** The most initiative hits a typed entry may give: more dice than any pool rolls, with every overcharge. */
export const MAX_TYPED_HITS = 200;

/** Initiative typed in from physical dice: counts exactly like a roll made in the app. */
export function typedInitiative(hits: number, edge = false): Initiative {
  if (!Number.isInteger(hits) || hits < 0 || hits > MAX_TYPED_HITS) throw new RulesError('hits', `Type the hits as a whole number from 0 (the dice showed no 5 or 6) to ${MAX_TYPED_HITS}.`, { sentence: true });
  return { hits, ...(edge ? { edge } : {}) };
}

/**
 * The initiative order: most hits first; then the higher Reflex; then heroes
 * before creatures; then the order the game master listed them. A combatant
 * who has not rolled yet goes after everyone who has.
 */
export function compareInitiative(a: Combatant, b: Combatant): number {
  const ha = a.initiative?.hits ?? -1;
  const hb = b.initiative?.hits ?? -1;
  if (ha !== hb) return hb - ha;
  if (a.reflex !== b.reflex) return b.reflex - a.reflex;
  if (a.side !== b.side) return a.side === 'hero' ? -1 : 1;
  return a.listed - b.listed;
}

const byId = (fight: Fight, id: string): Combatant => {
  const c = fight.combatants.find((x) => x.id === id);
  if (!c) throw new RulesError('combatant', 'That combatant is no longer in the fight.', { sentence: true });
  return c;
};

/** The combatants in order (a stale id in `order` is skipped). */
export function inOrder(fight: Fight): Combatant[] {
  return fight.order.flatMap((id) => fight.combatants.filter((c) => c.id === id));
}

/** The combatant whose turn it is, if any. */
export const current = (fight: Fight): Combatant | undefined => inOrder(fight)[fight.turn];

/**
 * A fight's combatants as listed: the party first (in its order), then each
 * copy of each creature row ("Scuttler 1", "Scuttler 2"; a single copy keeps
 * its name). Round 1, first turn, nobody rolled yet.
 */
/** What a combatant must be given; the rest starts empty (no strain, no note). */
export type NewCombatant = Pick<Combatant, 'id' | 'name' | 'side' | 'entry' | 'reflex' | 'health' | 'maxHealth' | 'protection' | 'strainCapacity'> &
  Partial<Pick<Combatant, 'listed' | 'joined' | 'strain' | 'note' | 'initiative'>>;

export function newFight(e: Pick<Encounter, 'party' | 'creatures'>): Fight {
  const combatants: Combatant[] = [];
  const add = (c: NewCombatant) => combatants.push({ ...c, listed: combatants.length, strain: 0, note: '', joined: 1 });
  for (const h of e.party) {
    const s = h.snapshot;
    add({ id: h.id, name: s.name, side: 'hero', entry: h.id, reflex: s.reflex, health: s.health, maxHealth: s.health, protection: s.protection, strainCapacity: s.strainCapacity });
  }
  for (const row of e.creatures) {
    const s = row.snapshot;
    for (let i = 1; i <= row.count; i++) {
      const name = row.count > 1 ? `${s.name} ${i}` : s.name;
      add({ id: `${row.id}-${i}`, name, side: 'creature', entry: row.id, reflex: s.reflex, health: s.health, maxHealth: s.health, protection: s.protection, strainCapacity: 0 });
    }
  }
  return { round: 1, turn: 0, order: combatants.map((c) => c.id), combatants };
}

const replace = (fight: Fight, id: string, change: (c: Combatant) => Combatant): Fight => {
  byId(fight, id);
  return { ...fight, combatants: fight.combatants.map((c) => (c.id === id ? change(c) : c)) };
};

/** Records a combatant's initiative (rolled or typed); the order is set by `orderByInitiative`. */
export const setInitiative = (fight: Fight, id: string, initiative: Initiative): Fight => replace(fight, id, (c) => ({ ...c, initiative }));

/** Sorts the whole order by initiative (before the first turn), turn back to the first. */
export function orderByInitiative(fight: Fight): Fight {
  return { ...fight, turn: 0, order: [...fight.combatants].sort(compareInitiative).map((c) => c.id) };
}

/**
 * A combatant joins mid-fight (reinforcements): placed by the same rule,
 * before the first combatant it beats, the others keeping their order.
 * Whoever's turn it is keeps it; a joiner placed before them acts from
 * the next round.
 */
export function placeLateJoiner(fight: Fight, joiner: NewCombatant): Fight {
  if (fight.combatants.some((c) => c.id === joiner.id)) throw new RulesError('combatant', `${joiner.name} is already in the fight.`, { sentence: true });
  const listed = joiner.listed ?? fight.combatants.reduce((m, c) => Math.max(m, c.listed + 1), 0);
  const c: Combatant = { strain: 0, note: '', ...joiner, listed, joined: joiner.joined ?? fight.round };
  const ordered = inOrder(fight);
  let at = ordered.findIndex((o) => compareInitiative(c, o) < 0);
  if (at < 0) at = ordered.length;
  const order = [...ordered.slice(0, at).map((o) => o.id), c.id, ...ordered.slice(at).map((o) => o.id)];
  return { ...fight, order, combatants: [...fight.combatants, c], turn: at <= fight.turn && ordered.length > 0 ? fight.turn + 1 : fight.turn };
}

/** Notes counting down lose a round at the start of each new round; at 0 the note goes. */
function tickNotes(combatants: Combatant[]): Combatant[] {
  return combatants.map((c) => {
    if (c.countdown === undefined) return c;
    if (c.countdown <= 1) {
      const { countdown: _gone, ...rest } = c;
      return { ...rest, note: '' };
    }
    return { ...c, countdown: c.countdown - 1 };
  });
}

/** The next turn; after the last, round + 1 from the top (notes count down). */
export function nextTurn(fight: Fight): Fight {
  const n = inOrder(fight).length;
  if (n === 0) return fight;
  if (fight.turn + 1 < n) return { ...fight, turn: fight.turn + 1 };
  return { ...fight, round: fight.round + 1, turn: 0, combatants: tickNotes(fight.combatants) };
}

/** The previous turn; before the first, the last turn of the round before (never before round 1). Notes are not given back their rounds: undo does that. */
export function previousTurn(fight: Fight): Fight {
  const n = inOrder(fight).length;
  if (fight.turn > 0) return { ...fight, turn: Math.min(fight.turn, n) - 1 };
  if (fight.round <= 1 || n === 0) return fight;
  return { ...fight, round: fight.round - 1, turn: n - 1 };
}

/**
 * The acting combatant delays: it moves to just after `afterId`, who acts
 * later this round, and keeps that place for the rest of the fight; the
 * turn passes to whoever was next.
 */
export function delayTurn(fight: Fight, afterId: string): Fight {
  const ordered = inOrder(fight).map((c) => c.id);
  const me = ordered[fight.turn];
  const after = ordered.indexOf(afterId);
  if (me === undefined) return fight;
  if (after <= fight.turn) throw new RulesError('delay', `Delay until after someone who has not acted yet this round.`, { sentence: true });
  const order = ordered.filter((id) => id !== me);
  order.splice(after, 0, me);
  return { ...fight, order };
}

const whole = (n: number, what: string) => {
  if (!Number.isInteger(n) || n < 0) throw new RulesError(what, `Type the ${what} as a whole number, 0 or more.`, { sentence: true });
};

/**
 * A landed attack's damage before protection (weapon damage + sparks): the
 * target's Protection comes off (less what the attack ignores), the rest off
 * Health, never below 0.
 */
export function applyDamage(fight: Fight, id: string, damage: number, ignores: number | 'all' = 0): Fight {
  whole(damage, 'damage');
  return replace(fight, id, (c) => {
    const protection = ignores === 'all' ? 0 : Math.max(0, c.protection - Math.max(0, ignores));
    return { ...c, health: Math.max(0, c.health - Math.max(0, damage - protection)) };
  });
}

/** Healing: never above the maximum Health. */
export function applyHealing(fight: Fight, id: string, amount: number): Fight {
  whole(amount, 'healing');
  return replace(fight, id, (c) => ({ ...c, health: Math.min(c.maxHealth, c.health + amount) }));
}

/** Strain added (positive) or cleared (negative), by hand; never below 0. */
export function applyStrain(fight: Fight, id: string, change: number): Fight {
  if (!Number.isInteger(change)) throw new RulesError('strain', 'Type the strain as a whole number.', { sentence: true });
  return replace(fight, id, (c) => ({ ...c, strain: Math.max(0, c.strain + change) }));
}

/** At or past strain capacity (a hero with a capacity only): the tracker marks it. */
export const atStrainCapacity = (c: Pick<Combatant, 'strain' | 'strainCapacity'>): boolean => c.strainCapacity > 0 && c.strain >= c.strainCapacity;

/** A short note or condition; with `rounds`, it counts down and goes when they run out. */
export function setNote(fight: Fight, id: string, note: string, rounds?: number): Fight {
  if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1)) throw new RulesError('rounds', 'A note counts down from 1 round or more.', { sentence: true });
  return replace(fight, id, (c) => {
    const { countdown: _old, ...rest } = c;
    const text = note.trim();
    return text && rounds !== undefined ? { ...rest, note: text, countdown: rounds } : { ...rest, note: text };
  });
}

export type Condition = 'unhurt' | 'wounded' | 'bloodied' | 'down';

/** What players see of a creature: unhurt at full, wounded above half, bloodied at half or less, down at 0. */
export function condition(health: number, maxHealth: number): Condition {
  if (health <= 0) return 'down';
  if (health >= maxHealth) return 'unhurt';
  return 2 * health <= maxHealth ? 'bloodied' : 'wounded';
}
