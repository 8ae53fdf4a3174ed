/**
 * Building an encounter (GAME.md §7; SPEC.md N1–N9): party rank, threat,
 * band and boss, each attack's exact odds and expected damage, "about N
 * rounds", and the snapshot of a creature the maths reads. Everything here is
 * advice: `evaluateEncounter` only ever warns.
 */
import type { Catalogues, Creature, CreatureSnapshot, Encounter, EncounterAttack, HeroSnapshot } from './schemas';
import { hitDistribution, MAX_DIFFICULTY, MAX_POOL } from './dice';
import { evaluateCreature } from './creature';
import { IssueList } from './issues';

export const BANDS = ['skirmish', 'fair', 'hard', 'deadly'] as const;
export type Band = (typeof BANDS)[number];
/** The band's name as the game-master page says it. */
export const BAND_NAMES: Record<Band, string> = { skirmish: 'skirmish', fair: 'fair fight', hard: 'hard fight', deadly: 'deadly' };

/** Party rank = the sum of the heroes' ranks. */
export const partyRank = (heroes: readonly Pick<HeroSnapshot, 'rank'>[]): number => heroes.reduce((sum, h) => sum + h.rank, 0);

/** Threat = the sum of the chosen threat ranks, each copy counted. */
export const encounterThreat = (rows: readonly { count: number; snapshot: Pick<CreatureSnapshot, 'threatRank'> }[]): number =>
  rows.reduce((sum, r) => sum + Math.max(0, r.count) * r.snapshot.threatRank, 0);

/**
 * The band of threat ÷ party rank: < 0.75 skirmish, < 1.25 fair, < 1.75 hard,
 * else deadly; null for an empty party (rank 0). Compared as threat·4 against
 * party rank·3, ·5, ·7, so a border is exact (8 against 8·0.75 = 6 is fair).
 */
export function band(threat: number, party: number): Band | null {
  if (!(party > 0)) return null;
  if (4 * threat < 3 * party) return 'skirmish';
  if (4 * threat < 5 * party) return 'fair';
  if (4 * threat < 7 * party) return 'hard';
  return 'deadly';
}

/** The party's average rank: party rank ÷ heroes, rounded down (0 for no heroes). */
export const averageRank = (heroes: readonly Pick<HeroSnapshot, 'rank'>[]): number => (heroes.length ? Math.floor(partyRank(heroes) / heroes.length) : 0);

/** A boss: chosen threat rank at least 3 above the party's average rank; never against an empty party. */
export const isBoss = (threatRank: number, heroes: readonly Pick<HeroSnapshot, 'rank'>[]): boolean => heroes.length > 0 && threatRank >= averageRank(heroes) + 3;

/** A defender as the odds need it. */
export interface Defender {
  guard: number;
  protection: number;
}

export interface AttackOdds {
  /** P(hits ≥ Guard). */
  lands: number;
  /** Expected damage of one attack (a miss counts 0). */
  perAttack: number;
  /** perAttack × rate. */
  perRound: number;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));

/** Guard as the maths uses it: a whole number 1–30 (a typed 0 is raised to 1). */
export const effectiveGuard = (guard: number): number => clamp(guard, 1, MAX_DIFFICULTY);

/** The protection left against an attack that ignores some or all of it. */
export function protectionAgainst(protection: number, ignores: EncounterAttack['ignoresProtection'] = 0): number {
  if (ignores === 'all') return 0;
  return Math.max(0, protection - Math.max(0, ignores));
}

/**
 * An attack's exact odds against a defender: lands = P(H ≥ Guard); expected
 * damage per attack = Σ_{k ≥ Guard} P(H = k)·max(0, damage + k − Guard − protection');
 * per round = rate × that. Pool 1–30, Guard 1–30.
 * @example attackOdds({ pool: 5, damage: 3, rate: 1, ignoresProtection: 0 }, { guard: 2, protection: 1 }) ⇒ { lands: 433/729, perAttack: 1258/729, perRound: 1258/729 }
 */
export function attackOdds(attack: Pick<EncounterAttack, 'pool' | 'damage' | 'rate' | 'ignoresProtection'>, defender: Defender, edge = false): AttackOdds {
  const dist = hitDistribution(clamp(attack.pool, 1, MAX_POOL), edge);
  const guard = effectiveGuard(defender.guard);
  const protection = protectionAgainst(defender.protection, attack.ignoresProtection);
  let lands = 0;
  let perAttack = 0;
  // From the top down, as dice.ts does, so tiny tails keep their precision.
  for (let k = dist.length - 1; k >= guard; k--) {
    lands += dist[k]!;
    perAttack += dist[k]! * Math.max(0, attack.damage + k - guard - protection);
  }
  return { lands: Math.min(1, lands), perAttack, perRound: perAttack * Math.max(0, attack.rate) };
}

/** "About N rounds to bring it down" = ⌈Health ÷ expected damage per round⌉; null when it cannot be hurt. */
export function roundsToDown(health: number, perRound: number): number | null {
  if (!(perRound > 1e-12)) return null;
  return Math.max(1, Math.ceil(health / perRound - 1e-9));
}

/** One cell of the odds matrix: every attack of an attacker against one target. */
export interface OddsCell {
  attacks: (AttackOdds & { name: string })[];
  /** The best attack's expected damage per round (an attacker uses one attack a turn). */
  perRound: number;
  /** About this many rounds for this attacker alone to bring the target down; null: cannot hurt it. */
  rounds: number | null;
}

/** Each attack of `attacker` against `target`, the best one's damage per round and the rounds it needs. */
export function oddsCell(attacker: { attacks: readonly EncounterAttack[] }, target: Defender & { health: number }): OddsCell {
  const attacks = attacker.attacks.map((a) => ({ name: a.name, ...attackOdds(a, target) }));
  const perRound = attacks.reduce((best, a) => Math.max(best, a.perRound), 0);
  return { attacks, perRound, rounds: roundsToDown(target.health, perRound) };
}

/** The odds matrix: creatures' attacks against each hero, heroes' attacks against each creature. */
export function oddsMatrix(heroes: readonly HeroSnapshot[], creatures: readonly CreatureSnapshot[]): { creaturesVsHeroes: OddsCell[][]; heroesVsCreatures: OddsCell[][] } {
  return {
    creaturesVsHeroes: creatures.map((c) => heroes.map((h) => oddsCell(c, h))),
    heroesVsCreatures: heroes.map((h) => creatures.map((c) => oddsCell(h, c))),
  };
}

/**
 * What the maths needs of a creature, by its own rules (GAME.md §5): Health,
 * Guard and Protection with its properties, initiative Reflex + Logic, and
 * each attack's pool (melee Frame + Brawl, else Reflex + Firearms, at least 1
 * die) at rate 1, ignoring no protection (no creature property changes those).
 */
export function creatureSnapshot(creature: Creature, catalogues: Pick<Catalogues, 'creatureProperties'>): CreatureSnapshot {
  const d = evaluateCreature(creature, catalogues);
  const { attributes: a, skills: s } = creature;
  const tags = new Set(creature.properties.flatMap((p) => catalogues.creatureProperties.find((e) => e.id === p.id)?.tags ?? []));
  return {
    name: creature.name,
    creatureKind: creature.creatureKind,
    threatRank: creature.threatRank,
    health: d.health,
    guard: d.guard,
    protection: d.protection,
    reflex: a.reflex,
    logic: a.logic,
    initiative: Math.max(1, a.reflex + a.logic),
    attacks: creature.attacks.map((k) => ({
      name: k.name,
      pool: Math.max(1, k.range === 'melee' ? a.frame + (s.brawl ?? 0) : a.reflex + (s.firearms ?? 0)),
      damage: k.damage,
      rate: 1,
      ignoresProtection: 0,
      range: k.range,
    })),
    tags: [...tags].sort(),
  };
}

export interface EncounterDerived {
  partyRank: number;
  heroes: number;
  averageRank: number;
  /** Σ threat ranks, copies counted. */
  threat: number;
  /** threat ÷ party rank; null for an empty party. */
  ratio: number | null;
  band: Band | null;
  /** Ids of the creature rows whose creature is a boss for this party. */
  bosses: string[];
  /** Copies of creatures in all. */
  creatureCount: number;
}

/**
 * The encounter's summary and its warnings (never errors): the band when the
 * fight is hard or deadly, each boss, a typed Guard below 1 (raised to 1), a
 * count below 1, creatures without a party.
 */
export function evaluateEncounter(e: Encounter, issues = new IssueList()): EncounterDerived {
  const heroes = e.party.map((h) => h.snapshot);
  const rank = partyRank(heroes);
  const threat = encounterThreat(e.creatures);
  const b = band(threat, rank);
  const avg = averageRank(heroes);
  const bosses = e.creatures.filter((c) => isBoss(c.snapshot.threatRank, heroes)).map((c) => c.id);
  e.party.forEach((h, i) => {
    if (h.snapshot.guard < 1) issues.warning(`party.${i}.snapshot.guard`, 'guard-raised', `${h.snapshot.name || 'This hero'}'s Guard ${h.snapshot.guard} counts as 1 (Guard is at least 1).`);
  });
  e.creatures.forEach((c, i) => {
    const name = c.snapshot.name || 'This creature';
    if (c.count < 1) issues.warning(`creatures.${i}.count`, 'count', `${name} is listed ${c.count} times: set at least 1 copy, or remove it.`);
    if (c.snapshot.guard < 1) issues.warning(`creatures.${i}.snapshot.guard`, 'guard-raised', `${name}'s Guard ${c.snapshot.guard} counts as 1 (Guard is at least 1).`);
    if (bosses.includes(c.id)) {
      issues.warning(`creatures.${i}`, 'boss', `${name} (threat rank ${c.snapshot.threatRank}) is a boss for this party: 3 or more ranks above its average rank ${avg}.`);
    }
  });
  if (e.creatures.length && !heroes.length) issues.warning('party', 'no-party', 'Add the party to see how hard this fight is.');
  if (b === 'hard' || b === 'deadly') {
    issues.warning('creatures', 'band', `Threat ${threat} against party rank ${rank} makes a ${b === 'deadly' ? 'deadly fight: expect heroes to go down' : BAND_NAMES[b]}.`);
  }
  return {
    partyRank: rank,
    heroes: heroes.length,
    averageRank: avg,
    threat,
    ratio: rank > 0 ? threat / rank : null,
    band: b,
    bosses,
    creatureCount: e.creatures.reduce((n, c) => n + Math.max(0, c.count), 0),
  };
}

/** "4 heroes of rank 2", for summaries and cards. */
export const crewText = (heroes: number, rank: number): string => `${heroes} ${heroes === 1 ? 'hero' : 'heroes'} of rank ${rank}`;
