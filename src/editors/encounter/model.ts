/**
 * The encounter editor's document changes, pure (each is one undo step
 * through the kit's history): building the roster, and running the fight
 * through src/rules/fight.ts (GAME.md §7).
 */
import { applyDamage, applyHealing, applyStrain, delayTurn, inOrder, newFight, nextTurn, orderByInitiative, placeLateJoiner, previousTurn, rollPool, setInitiative, setNote, type Combatant, type CreatureSnapshot, type Encounter, type EncounterCreature, type EncounterHero, type Fight, type HeroSnapshot, type Initiative, type Random } from '../../rules/engine';

/** A short id for a roster row or combatant, unique within the document. */
export function rowId(taken: ReadonlySet<string>, prefix: string): string {
  for (let i = 1; ; i++) if (!taken.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

const idsOf = (doc: Encounter) => new Set([...doc.creatures.map((c) => c.id), ...doc.party.map((p) => p.id), ...(doc.fight?.combatants.map((c) => c.id) ?? [])]);

/** The copies one roster row holds: 1 to this (a row goes only by its Remove button). */
export const MAX_COPIES = 99;

/** Adds `count` copies of a creature; one already listed from the same source gains them. */
export function addCreature(doc: Encounter, source: EncounterCreature['source'], snapshot: CreatureSnapshot, count = 1): Encounter {
  const n = Math.max(1, Math.min(MAX_COPIES, Math.round(count)));
  const same = doc.creatures.findIndex((c) => c.source.kind === source.kind && c.source.id === source.id);
  if (same >= 0) return setCount(doc, doc.creatures[same]!.id, doc.creatures[same]!.count + n);
  return { ...doc, creatures: [...doc.creatures, { id: rowId(idsOf(doc), 'c'), source, count: n, snapshot }] };
}

/** A creature row's count, 1 to MAX_COPIES: the form refuses any other with a sentence, and never removes the row by a count. */
export function setCount(doc: Encounter, id: string, count: number): Encounter {
  const n = Math.max(1, Math.min(MAX_COPIES, Math.round(count)));
  return { ...doc, creatures: doc.creatures.map((c) => (c.id === id ? { ...c, count: n } : c)) };
}

export const removeCreature = (doc: Encounter, id: string): Encounter => ({ ...doc, creatures: doc.creatures.filter((c) => c.id !== id) });

/** Why a typed count cannot be a roster row's (refused in place, nothing changed), or undefined to keep it. */
export function countProblem(name: string, typed: number): string | undefined {
  if (typed < 1) return `Copies of ${name} must be at least 1 (it is ${typed}): to take ${name} out of the encounter, use its Remove button.`;
  if (typed > MAX_COPIES) return `Copies of ${name} must be at most ${MAX_COPIES} (it is ${typed}).`;
  return undefined;
}

export function addHero(doc: Encounter, source: EncounterHero['source'], snapshot: HeroSnapshot): Encounter {
  return { ...doc, party: [...doc.party, { id: rowId(idsOf(doc), 'h'), source, snapshot }] };
}

export const removeHero = (doc: Encounter, id: string): Encounter => ({ ...doc, party: doc.party.filter((p) => p.id !== id) });

/**
 * The fight's changes, as document changes: each is one undo step and is
 * saved like any edit. The rules themselves are src/rules/fight.ts.
 */
function onFight(doc: Encounter, update: (f: Fight) => Fight): Encounter {
  return doc.fight ? { ...doc, fight: update(doc.fight) } : doc;
}

/** Starts the fight: everyone on the roster, at full Health, round 1, before any initiative. */
export const startFight = (doc: Encounter): Encounter => ({ ...doc, fight: newFight(doc) });

export const endFight = (doc: Encounter): Encounter => {
  const { fight: _, ...rest } = doc;
  return rest as Encounter;
};

/**
 * Records an initiative (rolled in the app or typed from physical dice: they
 * count the same). Before the first turn has passed the whole order follows
 * the rolls; later, a combatant is placed again by the same rule.
 */
export function recordInitiative(doc: Encounter, id: string, initiative: Initiative): Encounter {
  return onFight(doc, (f) => {
    const next = setInitiative(f, id, initiative);
    return f.round === 1 && f.turn === 0 ? orderByInitiative(next) : next;
  });
}

/** Rolls for everyone without an initiative yet, then orders the fight. */
export function rollEveryone(doc: Encounter, edge: boolean, random: Random = Math.random): Encounter {
  return onFight(doc, (f) => orderByInitiative(f.combatants.filter((c) => !c.initiative).reduce((acc, c) => setInitiative(acc, c.id, rollPool(initiativePool(doc, c), random, edge)), f)));
}

/** Initiative pool: Reflex + Logic (+ modifiers), from the combatant's snapshot. */
export function initiativePool(doc: Encounter, c: Combatant): number {
  const snap = c.side === 'hero' ? doc.party.find((p) => p.id === c.entry)?.snapshot : doc.creatures.find((r) => r.id === c.entry)?.snapshot;
  return Math.max(1, snap?.initiative ?? c.reflex);
}

export const goNext = (doc: Encounter) => onFight(doc, nextTurn);
export const goPrevious = (doc: Encounter) => onFight(doc, previousTurn);

/** The acting combatant waits until after the next one (who acts now). */
export function delay(doc: Encounter): Encounter {
  return onFight(doc, (f) => {
    const next = inOrder(f)[f.turn + 1];
    return next ? delayTurn(f, next.id) : f;
  });
}

/** Reinforcements: `count` more copies of a creature row, each rolled and placed by the rule. */
export function reinforce(doc: Encounter, rowId: string, count: number, random: Random = Math.random): Encounter {
  const row = doc.creatures.find((r) => r.id === rowId);
  if (!row) return doc;
  return onFight(doc, (f) => {
    let out = f;
    for (let i = 1, added = 0; added < count; i++) {
      const id = `${row.id}-r${i}`;
      if (out.combatants.some((c) => c.id === id)) continue;
      const s = row.snapshot;
      out = placeLateJoiner(out, { id, name: `${s.name} (reinforcement ${i})`, side: 'creature', entry: row.id, reflex: s.reflex, health: s.health, maxHealth: s.health, protection: s.protection, strainCapacity: 0, initiative: rollPool(Math.max(1, s.initiative), random) });
      added++;
    }
    return out;
  });
}

export const damage = (doc: Encounter, id: string, amount: number, ignoresProtection: boolean) => onFight(doc, (f) => applyDamage(f, id, amount, ignoresProtection ? 'all' : 0));
export const heal = (doc: Encounter, id: string, amount: number) => onFight(doc, (f) => applyHealing(f, id, amount));
export const strain = (doc: Encounter, id: string, change: number) => onFight(doc, (f) => applyStrain(f, id, change));
export const note = (doc: Encounter, id: string, text: string, rounds?: number) => onFight(doc, (f) => setNote(f, id, text, rounds));
