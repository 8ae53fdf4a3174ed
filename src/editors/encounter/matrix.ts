/**
 * The odds matrix (GAME.md §7 "An attack's odds"): every creature attack
 * against every hero and every hero attack against every creature, exact
 * from the dice engine, with "about N rounds" to bring the target down.
 */
import { band, encounterThreat, isBoss, oddsMatrix, partyRank, roundsToDown, type AttackSnapshot, type Band, type Encounter, type RulesCell } from './rules';

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

/**
 * The rules' cells (one per attacker and target, every attack in it) laid
 * out as the table reads: a row per attack, so a game master compares a
 * pistol and a blade side by side; "about N rounds" is that attack's own.
 */
function table(attackers: readonly Side[], targets: readonly Side[], cells: readonly RulesCell[][]): OddsMatrix {
  return {
    targets: targets.map(({ id, name, guard, protection, health }) => ({ id, name, guard, protection, health })),
    rows: attackers.flatMap((a, i) =>
      a.attacks.map((attack, k) => ({
        attacker: `${a.name}: ${attack.name}`,
        attack,
        cells: targets.map((t, j) => {
          const { lands, perAttack, perRound } = cells[i]![j]!.attacks[k]!;
          return { target: t.id, lands, perAttack, perRound, rounds: roundsToDown(t.health, perRound) };
        }),
      })),
    ),
  };
}

/** Both directions: creatures attacking heroes, heroes attacking creatures. */
export function oddsMatrices(doc: Encounter): { creaturesVsHeroes: OddsMatrix; heroesVsCreatures: OddsMatrix } {
  const heroes: Side[] = doc.party.map((p) => ({ id: p.id, ...p.snapshot }));
  const creatures: Side[] = doc.creatures.map((c) => ({ id: c.id, ...c.snapshot }));
  const cells = oddsMatrix(
    doc.party.map((p) => p.snapshot),
    doc.creatures.map((c) => c.snapshot),
  );
  return { creaturesVsHeroes: table(creatures, heroes, cells.creaturesVsHeroes), heroesVsCreatures: table(heroes, creatures, cells.heroesVsCreatures) };
}

/** Past this many rounds "about N rounds" tells the game master nothing: the attack hardly hurts. */
export const MOST_ROUNDS_SAID = 100;
/** Below this chance to land (what formatOdds prints as "<1%") an attack almost never hits. */
const ALMOST_NEVER = 0.005;

const oneDecimal = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));

/**
 * A cell's damage per round and outcome in words (GAME.md §7): "about N
 * rounds" while that is a number to plan with; an attack that cannot hurt,
 * almost never hits or would need more than MOST_ROUNDS_SAID rounds says so
 * instead of an absurd count ("about 113400 rounds").
 */
export function cellWords(cell: Pick<OddsCell, 'lands' | 'perRound' | 'rounds'>): { perRound: string; outcome: string; hopeless: boolean } {
  const perRound = cell.perRound <= 0 ? '0/round' : cell.perRound < 0.05 ? 'under 0.1/round' : `${oneDecimal(cell.perRound)}/round`;
  if (cell.rounds === null) return { perRound, outcome: 'cannot hurt it', hopeless: true };
  if (cell.lands < ALMOST_NEVER) return { perRound, outcome: 'almost never hits', hopeless: true };
  if (cell.rounds > MOST_ROUNDS_SAID) return { perRound, outcome: `hardly hurts it (over ${MOST_ROUNDS_SAID} rounds)`, hopeless: true };
  return { perRound, outcome: `about ${cell.rounds} round${cell.rounds === 1 ? '' : 's'}`, hopeless: false };
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

