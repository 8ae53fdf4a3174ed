/**
 * What a player needs at the table beyond the dice table (issue 26), pure
 * and from the rules engine's own functions (GAME.md):
 *
 * 1. An attack line for every weapon carried: melee weapons roll Frame +
 *    Brawl, every other range Reflex + Firearms (as the creature editor and
 *    the combat rules page); over the bulk limit a Reflex pool loses a die
 *    (§2); never fewer than 1 die (§1). Damage, range and rate are the
 *    weapon's; the odds are P(hits ≥ Guard) for Guard 1–6, without and with
 *    edge, exact (§1). The weapon's features apply as weaponFeatures.ts
 *    says (Smartlink's die, Smart Rounds' lower Guard, protection ignored,
 *    damage on sparks), and the line names each one.
 * 2. Credits spent on gear: each item's price, base price + 25 per build
 *    point spent (§3), summed.
 * 3. Installed cores with their cost, strain to activate
 *    (max(1, ceil(total / 3)), §4), effects at their potency and side effects.
 */
import { evaluate, renderEffectText, withHomebrew, emptyCatalogues, type Attribute, type Blueprint, type Catalogues, type Character, type Core, type Skill } from '../../rules/engine';
import { chancesFor } from './dice';
import { difficultyAgainst, weaponEffects, type SparkDamage } from './weaponFeatures';

/** The Guards an attack line gives odds against. */
export const GUARDS = [1, 2, 3, 4, 5, 6] as const;

export interface AttackLine {
  /** Index in `gear`. */
  index: number;
  name: string;
  damage: number;
  range: string;
  rate: number;
  attribute: Attribute;
  skill: Skill;
  pool: number;
  /** True when the pool lost a die to carrying too much. */
  bulkPenalty: boolean;
  /** Dice the weapon's features add (in `pool`). */
  featureDice: number;
  /** Protection each hit ignores. */
  ignoresProtection: number;
  /** Damage added to a hit with that many sparks. */
  sparkDamage: SparkDamage[];
  /** The weapon's features that change the line, as the line shows them. */
  features: string[];
  /** P(hits ≥ Guard) for Guard 1…6. */
  plain: readonly number[];
  edge: readonly number[];
}

/**
 * The attack line of every weapon carried. `catalogues` holds the blueprint
 * features whose `attack` data the lines count; the character's and each
 * weapon's homebrew copies join them, as `evaluate` does.
 */
export function attackLines(c: Pick<Character, 'attributes' | 'skills' | 'gear' | 'homebrew'>, overBulk: boolean, catalogues: Partial<Catalogues>): AttackLine[] {
  const judged = withHomebrew({ ...emptyCatalogues(), ...catalogues }, c.homebrew);
  return c.gear.flatMap((g, index) => {
    if (g.type !== 'weapon') return [];
    const p = g.properties as { damage: number; range: string; rate: number };
    const melee = p.range === 'melee';
    const attribute: Attribute = melee ? 'frame' : 'reflex';
    const skill: Skill = melee ? 'brawl' : 'firearms';
    const bulkPenalty = overBulk && attribute === 'reflex';
    const fx = weaponEffects(g, skill, c.gear, withHomebrew(judged, g.homebrew).blueprintFeatures);
    const pool = Math.max(1, c.attributes[attribute] + c.skills[skill] - (bulkPenalty ? 1 : 0) + fx.dice);
    // Against Guard g the roll needs max(1, g − guardLess) hits.
    const odds = (edge: boolean) => {
      const chances = chancesFor(pool, edge);
      return fx.guardLess === 0 ? chances : GUARDS.map((guard) => chances[difficultyAgainst(guard, fx.guardLess) - 1]!);
    };
    return [
      {
        index,
        name: g.name,
        damage: p.damage,
        range: p.range,
        rate: p.rate,
        attribute,
        skill,
        pool,
        bulkPenalty,
        featureDice: fx.dice,
        ignoresProtection: fx.ignoresProtection,
        sparkDamage: fx.sparkDamage,
        features: fx.labels,
        plain: odds(false),
        edge: odds(true),
      },
    ];
  });
}

export interface GearPrice {
  index: number;
  name: string;
  price: number;
}

/** Each carried item's price in credits and their total. */
export function gearCredits(gear: readonly Blueprint[], catalogues: Partial<Catalogues>): { items: GearPrice[]; total: number } {
  const items = gear.map((g, index) => ({ index, name: g.name, price: evaluate(g, catalogues).derived.price }));
  return { items, total: items.reduce((sum, i) => sum + i.price, 0) };
}

export interface InstalledCore {
  index: number;
  name: string;
  tier: number;
  discipline: string;
  activation: string;
  cost: number;
  strain: number;
  effects: string[];
  sideEffects: { name: string; text: string }[];
}

export function installedCores(cores: readonly Core[], catalogues: Partial<Catalogues>): InstalledCore[] {
  return cores.map((k, index) => {
    const d = evaluate(k, catalogues).derived;
    const effects = k.effects.map((e) => {
      const entry = catalogues.coreEffects?.find((x) => x.id === e.id);
      return entry ? `${entry.name} ${e.potency}: ${renderEffectText(entry, e.potency)}` : e.id;
    });
    const sideEffects = k.sideEffects.map((id) => {
      const entry = catalogues.coreSideEffects?.find((x) => x.id === id);
      return { name: entry?.name ?? id, text: entry?.text ?? '' };
    });
    return { index, name: k.name, tier: k.tier, discipline: k.discipline, activation: k.activation, cost: d.cost, strain: d.strain, effects, sideEffects };
  });
}
