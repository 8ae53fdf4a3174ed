/**
 * The odds matrix (GAME.md §7 "An attack's odds"): every creature attack
 * against every hero and every hero attack against every creature, exact
 * from the dice engine, with "about N rounds" to bring the target down.
 */
import { attackOdds, band, encounterThreat, isBoss, partyRank, roundsToDown, type AttackSnapshot, type Band, type Encounter } from './rules';

export interface OddsCell {
  target: string;
  lands: number;
  perAttack: number;
  perRound: number;
  /** ⌈Health ÷ per round⌉; null: cannot hurt it. */
  rounds: number | null;
}

export interface OddsRow {
  /** "Chrome Fang Ganger: Pistol". */
  attacker: string;
  attack: AttackSnapshot;
  cells: OddsCell[];
}

export interface OddsMatrix {
  targets: { id: string; name: string; guard: number; protection: number; health: number }[];
  rows: OddsRow[];
}

interface Side {
  id: string;
  name: string;
  guard: number;
  protection: number;
  health: number;
  attacks: readonly AttackSnapshot[];
}

function matrix(attackers: readonly Side[], targets: readonly Side[]): OddsMatrix {
  return {
    targets: targets.map(({ id, name, guard, protection, health }) => ({ id, name, guard, protection, health })),
    rows: attackers.flatMap((a) =>
      a.attacks.map((attack) => ({
        attacker: `${a.name}: ${attack.name}`,
        attack,
        cells: targets.map((t) => {
          const o = attackOdds(attack, t);
          return { target: t.id, ...o, rounds: roundsToDown(t.health, o.perRound) };
        }),
      })),
    ),
  };
}

const heroesOf = (doc: Encounter): Side[] => doc.party.map((p) => ({ id: p.id, ...p.snapshot }));
const creaturesOf = (doc: Encounter): Side[] => doc.creatures.map((c) => ({ id: c.id, ...c.snapshot }));

/** Both directions: creatures attacking heroes, heroes attacking creatures. */
export function oddsMatrices(doc: Encounter): { creaturesVsHeroes: OddsMatrix; heroesVsCreatures: OddsMatrix } {
  const heroes = heroesOf(doc);
  const creatures = creaturesOf(doc);
  return { creaturesVsHeroes: matrix(creatures, heroes), heroesVsCreatures: matrix(heroes, creatures) };
}

export interface EncounterSummary {
  partyRank: number;
  heroes: number;
  threat: number;
  band: Band | null;
  /** Names of the creatures marked boss. */
  bosses: string[];
}

export function encounterSummary(doc: Encounter): EncounterSummary {
  const rank = partyRank(doc.party.map((p) => p.snapshot));
  const threat = encounterThreat(doc.creatures);
  return {
    partyRank: rank,
    heroes: doc.party.length,
    threat,
    band: band(threat, rank),
    bosses: doc.creatures.filter((c) => isBoss(c.snapshot.threatRank, doc.party.map((p) => p.snapshot))).map((c) => c.snapshot.name),
  };
}

