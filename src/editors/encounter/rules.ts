/**
 * TEMPORARY until h-encrules' src/rules encounter exports land: the shapes
 * and §7 maths the editor uses, in one place so they swap for the real ones.
 */
import { CREATURE_KINDS, hitDistribution } from '../../rules/engine';
import { documentBase } from '../kit';

export interface AttackSnapshot { name: string; pool: number; damage: number; rate: number; ignoresProtection: number | 'all'; range?: string }
export interface CreatureSnapshot { name: string; creatureKind: (typeof CREATURE_KINDS)[number]; threatRank: number; health: number; guard: number; protection: number; reflex: number; logic: number; initiative: number; attacks: AttackSnapshot[]; tags: string[] }
export interface HeroSnapshot { name: string; rank: number; reflex: number; logic: number; guard: number; health: number; protection: number; strainCapacity: number; initiative: number; attacks: AttackSnapshot[] }
export interface EncounterCreature { id: string; source: { kind: 'bestiary' | 'creature'; id: string }; count: number; snapshot: CreatureSnapshot }
export interface EncounterHero { id: string; source: { kind: 'character'; id: string } | { kind: 'quick' }; snapshot: HeroSnapshot }
export interface RolledDie { face: number; from: 'pool' | 'overcharge' | 'edge' }
export interface Combatant {
  id: string; name: string; side: 'hero' | 'creature'; entry: string; listed: number; reflex: number;
  initiative?: { hits: number; dice?: RolledDie[]; edge?: boolean };
  health: number; maxHealth: number; protection: number; strain: number; strainCapacity: number; note: string; countdown?: number; joined: number;
}
export interface Fight { round: number; turn: number; order: string[]; combatants: Combatant[] }
export interface Encounter {
  kind: 'encounter'; id: string; schemaVersion: number; name: string; createdAt: string; updatedAt: string; notes?: string; tags?: string[];
  creatures: EncounterCreature[]; party: EncounterHero[]; fight?: Fight;
}
export type Band = 'skirmish' | 'fair' | 'hard' | 'deadly';

export const newEncounter = (): Encounter => ({ kind: 'encounter', ...documentBase('New encounter'), creatures: [], party: [] }) as Encounter;

export const partyRank = (party: readonly { rank: number }[]) => party.reduce((s, h) => s + h.rank, 0);
export const encounterThreat = (creatures: readonly { threatRank: number; count: number }[]) => creatures.reduce((s, c) => s + c.threatRank * c.count, 0);
export function band(threat: number, rank: number): Band | null {
  if (rank <= 0) return null;
  const r = threat / rank;
  return r < 0.75 ? 'skirmish' : r < 1.25 ? 'fair' : r < 1.75 ? 'hard' : 'deadly';
}
export const isBoss = (threatRank: number, rank: number, heroes: number) => heroes > 0 && threatRank >= Math.floor(rank / heroes) + 3;

export interface AttackOdds { lands: number; perAttack: number; perRound: number }
export function attackOdds(a: AttackSnapshot, target: { guard: number; protection: number }): AttackOdds {
  const guard = Math.min(30, Math.max(1, target.guard));
  const prot = a.ignoresProtection === 'all' ? 0 : Math.max(0, target.protection - a.ignoresProtection);
  const dist = hitDistribution(Math.min(30, Math.max(1, a.pool)));
  let lands = 0;
  let perAttack = 0;
  for (let k = guard; k < dist.length; k++) {
    lands += dist[k]!;
    perAttack += dist[k]! * Math.max(0, a.damage + k - guard - prot);
  }
  return { lands, perAttack, perRound: perAttack * a.rate };
}
export const roundsToDown = (health: number, perRound: number): number | null => (perRound <= 0 ? null : Math.ceil(health / perRound));

import { evaluate, type Catalogues, type Creature } from '../../rules/engine';
export function creatureSnapshot(c: Creature, catalogues: Partial<Catalogues>): CreatureSnapshot {
  const d = evaluate(c, catalogues).derived;
  return {
    name: c.name, creatureKind: c.creatureKind, threatRank: c.threatRank, health: d.health, guard: d.guard, protection: d.protection,
    reflex: c.attributes.reflex, logic: c.attributes.logic, initiative: c.attributes.reflex + c.attributes.logic, tags: [],
    attacks: c.attacks.map((a) => {
      const melee = a.range === 'melee';
      const pool = melee ? c.attributes.frame + (c.skills.brawl ?? 0) : c.attributes.reflex + (c.skills.firearms ?? 0);
      return { name: a.name, pool: Math.max(1, pool), damage: a.damage, rate: 1, ignoresProtection: 0 };
    }),
  };
}

export interface EncounterLink { title: string; creatures: [string, number][]; crew: [number, number] }
export function decodeEncounterLink(text: string): EncounterLink {
  try {
    const json = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const v = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as EncounterLink;
    if (!Array.isArray(v.creatures) || !Array.isArray(v.crew)) throw new Error('shape');
    return v;
  } catch {
    throw new Error('This encounter link is damaged: it could not be read. Open it again from its page.');
  }
}
