/**
 * The encounter editor's document changes, pure (each is one undo step
 * through the kit's history): building the roster, and running the fight
 * by GAME.md §7 (initiative, turns, damage, healing, strain, notes).
 */
import type { Combatant, CreatureSnapshot, Encounter, EncounterCreature, EncounterHero, Fight, HeroSnapshot, RolledDie } from './rules';

/** A short id for a roster row or combatant, unique within the document. */
export function rowId(taken: ReadonlySet<string>, prefix: string): string {
  for (let i = 1; ; i++) if (!taken.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

const idsOf = (doc: Encounter) => new Set([...doc.creatures.map((c) => c.id), ...doc.party.map((p) => p.id), ...(doc.fight?.combatants.map((c) => c.id) ?? [])]);

/** Adds `count` copies of a creature; one already listed from the same source gains them. */
export function addCreature(doc: Encounter, source: EncounterCreature['source'], snapshot: CreatureSnapshot, count = 1): Encounter {
  const n = Math.max(1, Math.min(99, Math.round(count)));
  const same = doc.creatures.findIndex((c) => c.source.kind === source.kind && c.source.id === source.id);
  if (same >= 0) return setCount(doc, doc.creatures[same]!.id, doc.creatures[same]!.count + n);
  return { ...doc, creatures: [...doc.creatures, { id: rowId(idsOf(doc), 'c'), source, count: n, snapshot }] };
}

/** A creature row's count, 1–99 (0 removes the row). */
export function setCount(doc: Encounter, id: string, count: number): Encounter {
  const n = Math.max(0, Math.min(99, Math.round(count)));
  return { ...doc, creatures: n === 0 ? doc.creatures.filter((c) => c.id !== id) : doc.creatures.map((c) => (c.id === id ? { ...c, count: n } : c)) };
}

export function addHero(doc: Encounter, source: EncounterHero['source'], snapshot: HeroSnapshot): Encounter {
  return { ...doc, party: [...doc.party, { id: rowId(idsOf(doc), 'h'), source, snapshot }] };
}

export const removeHero = (doc: Encounter, id: string): Encounter => ({ ...doc, party: doc.party.filter((p) => p.id !== id) });

/** Every hero and every creature copy as a combatant, in the order the game master listed them (heroes first). */
export function rosterCombatants(doc: Pick<Encounter, 'party' | 'creatures'>): Combatant[] {
  const heroes: Combatant[] = doc.party.map((p) => ({
    id: p.id,
    side: 'hero',
    entry: p.id,
    listed: 0,
    name: p.snapshot.name,
    reflex: p.snapshot.reflex,
    maxHealth: p.snapshot.health,
    health: p.snapshot.health,
    protection: p.snapshot.protection,
    strain: 0,
    strainCapacity: p.snapshot.strainCapacity,
    note: '',
    joined: 1,
  }));
  const creatures: Combatant[] = doc.creatures.flatMap((c) =>
    Array.from({ length: c.count }, (_, i) => ({
      id: `${c.id}-${i + 1}`,
      side: 'creature' as const,
      entry: c.id,
      listed: 0,
      name: c.count > 1 ? `${c.snapshot.name} ${i + 1}` : c.snapshot.name,
      reflex: c.snapshot.reflex,
      maxHealth: c.snapshot.health,
      health: c.snapshot.health,
      protection: c.snapshot.protection,
      strain: 0,
      strainCapacity: 0,
      note: '',
      joined: 1,
    })),
  );
  return [...heroes, ...creatures].map((c, listed) => ({ ...c, listed }));
}

/**
 * Initiative order (§7): most hits first; then higher Reflex; then heroes
 * before creatures; then the order listed. Combatants without a roll go last.
 */
export function initiativeOrder(combatants: readonly Combatant[]): string[] {
  return [...combatants]
    .sort((a, b) => {
      const ha = a.initiative?.hits ?? -1;
      const hb = b.initiative?.hits ?? -1;
      if (ha !== hb) return hb - ha;
      if (a.reflex !== b.reflex) return b.reflex - a.reflex;
      if (a.side !== b.side) return a.side === 'hero' ? -1 : 1;
      return a.listed - b.listed;
    })
    .map((c) => c.id);
}

/** Starts the fight: everyone on the roster, at full Health, round 1, before any initiative. */
export function startFight(doc: Encounter): Encounter {
  const combatants = rosterCombatants(doc);
  return { ...doc, fight: { round: 1, turn: 0, order: combatants.map((c) => c.id), combatants } };
}

export const endFight = (doc: Encounter): Encounter => {
  const { fight: _, ...rest } = doc;
  return rest as Encounter;
};

function withFight(doc: Encounter, update: (f: Fight) => Fight): Encounter {
  return doc.fight ? { ...doc, fight: update(doc.fight) } : doc;
}

function updateCombatant(doc: Encounter, id: string, update: (c: Combatant) => Combatant): Encounter {
  return withFight(doc, (f) => ({ ...f, combatants: f.combatants.map((c) => (c.id === id ? update(c) : c)) }));
}

/** Records an initiative result (rolled in the app or typed from physical dice: they count the same) and reorders. */
export function setInitiative(doc: Encounter, id: string, initiative: Combatant['initiative']): Encounter {
  return withFight(updateCombatant(doc, id, (c) => ({ ...c, initiative })), (f) => ({ ...f, order: initiativeOrder(f.combatants), turn: 0 }));
}

/** Next turn; past the last combatant, the next round (notes with a countdown tick down at a new round). */
export function nextTurn(doc: Encounter): Encounter {
  return withFight(doc, (f) => {
    if (f.turn + 1 < f.order.length) return { ...f, turn: f.turn + 1 };
    return { ...f, round: f.round + 1, turn: 0, combatants: f.combatants.map(tickCountdown) };
  });
}

export function previousTurn(doc: Encounter): Encounter {
  return withFight(doc, (f) => {
    if (f.turn > 0) return { ...f, turn: f.turn - 1 };
    if (f.round <= 1) return f;
    return { ...f, round: f.round - 1, turn: Math.max(0, f.order.length - 1) };
  });
}

function tickCountdown(c: Combatant): Combatant {
  if (c.countdown === undefined) return c;
  return c.countdown <= 1 ? { ...c, note: '', countdown: undefined } : { ...c, countdown: c.countdown - 1 };
}

/** Delay: the combatant whose turn it is acts after the next one (the turn passes on). */
export function delayTurn(doc: Encounter): Encounter {
  return withFight(doc, (f) => {
    if (f.turn + 1 >= f.order.length) return f;
    const order = [...f.order];
    const [who] = order.splice(f.turn, 1);
    order.splice(f.turn + 1, 0, who!);
    return { ...f, order };
  });
}

/** Reinforcements: new combatants placed in the order by their roll; the current turn stays with whoever has it. */
export function addReinforcements(doc: Encounter, joiners: readonly Combatant[]): Encounter {
  return withFight(doc, (f) => {
    const current = f.order[f.turn];
    const combatants = [...f.combatants, ...joiners];
    const full = initiativeOrder(combatants);
    // Those already in the fight keep their places (the order holds); each joiner goes where the rule puts it.
    const order = f.order.filter((id) => full.includes(id));
    for (const j of joiners) {
      const at = full.indexOf(j.id);
      const after = full.slice(0, at).filter((id) => order.includes(id)).at(-1);
      order.splice(after === undefined ? 0 : order.indexOf(after) + 1, 0, j.id);
    }
    return { ...f, combatants, order, turn: current ? order.indexOf(current) : f.turn };
  });
}

/** A landed attack's damage before protection (§7): protection subtracted unless ignored, Health never below 0. */
export function applyDamage(doc: Encounter, id: string, damage: number, ignoresProtection = false): Encounter {
  return updateCombatant(doc, id, (c) => ({ ...c, health: Math.max(0, c.health - Math.max(0, Math.round(damage) - (ignoresProtection ? 0 : c.protection))) }));
}

/** Healing never raises Health above its maximum. */
export function applyHealing(doc: Encounter, id: string, amount: number): Encounter {
  return updateCombatant(doc, id, (c) => ({ ...c, health: Math.min(c.maxHealth, c.health + Math.max(0, Math.round(amount))) }));
}

export function setStrain(doc: Encounter, id: string, strain: number): Encounter {
  return updateCombatant(doc, id, (c) => ({ ...c, strain: Math.max(0, Math.round(strain)) }));
}

export function setNote(doc: Encounter, id: string, note: string, countdown?: number): Encounter {
  return updateCombatant(doc, id, (c) => ({ ...c, note, countdown: countdown && countdown > 0 ? Math.round(countdown) : undefined }));
}

export type Condition = 'unhurt' | 'wounded' | 'bloodied' | 'down';
export function condition(health: number, max: number): Condition {
  if (health <= 0) return 'down';
  if (health >= max) return 'unhurt';
  return 2 * health <= max ? 'bloodied' : 'wounded';
}

/** One die and its overcharges: the faces, in order. */
function rollDie(random: () => number, from: RolledDie['from']): RolledDie[] {
  const dice: RolledDie[] = [];
  for (;;) {
    const face = 1 + Math.floor(random() * 6);
    dice.push({ face, from: dice.length === 0 ? from : 'overcharge' });
    if (face !== 6) return dice;
  }
}

/**
 * A Pulse roll die by die (§1): each original die with its overcharges; with
 * edge, an original die showing 1–4 is rerolled once as a fresh die (its
 * first face stays in the record, a miss either way).
 */
export function pulseRoll(pool: number, edge: boolean, random: () => number = Math.random): { dice: RolledDie[]; hits: number } {
  const dice: RolledDie[] = [];
  for (let i = 0; i < Math.max(1, pool); i++) {
    const first = rollDie(random, 'pool');
    dice.push(...first);
    if (edge && first[0]!.face <= 4) dice.push(...rollDie(random, 'edge'));
  }
  return { dice, hits: dice.filter((d) => d.face >= 5).length };
}
