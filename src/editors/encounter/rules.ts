/**
 * What the encounter editor takes from src/rules (GAME.md §7), in one
 * place: the document's types, the build maths and the link codec. The
 * zod-free entry (`engine`), so the route loads no parser.
 */
import { documentBase } from '../kit';
import type { Encounter } from '../../rules/engine';

export type { Band, Combatant, CreatureSnapshot, Encounter, EncounterAttack as AttackSnapshot, EncounterCreature, EncounterHero, Fight, HeroSnapshot, OddsCell as RulesCell, RolledDie } from '../../rules/engine';
export { band, BAND_NAMES, creatureSnapshot, decodeEncounterLink, encounterThreat, isBoss, oddsMatrix, partyRank, roundsToDown } from '../../rules/engine';

/** A new, empty encounter (no party, no creatures, no fight). */
export const newEncounter = (): Encounter => ({ kind: 'encounter', ...documentBase('New encounter'), creatures: [], party: [] }) as Encounter;
