/**
 * Creatures (GAME.md §5; SPEC.md K1–K6). With potency p a property's threat
 * and modifiers count p times (p = 1 without potency). Health and Guard use the
 * chosen threat rank; a different computed rank is the engine's only warning.
 */
import type { Catalogues, Creature } from './schemas';
import { ATTRIBUTES, SKILL_NAMES } from './constants';
import { IssueList, capitalized } from './issues';

export interface CreatureDerived {
  health: number;
  guard: number;
  protection: number;
  threatValue: number;
  computedThreatRank: number;
  propertyThreat: number;
}

export const computedThreatRank = (value: number) => Math.min(10, Math.max(1, Math.ceil((value - 5) / 6)));

/** Threat value = Σ attributes + floor(Σ skill ranks / 2) + Σ property threat. */
export function threatValue(attributeSum: number, skillSum: number, propertyThreat: number): number {
  return attributeSum + Math.floor(skillSum / 2) + propertyThreat;
}

export function evaluateCreature(c: Creature, catalogues: Pick<Catalogues, 'creatureProperties'>, issues = new IssueList()): CreatureDerived {
  issues.range('threatRank', 'Threat rank', c.threatRank, 1, 10);
  let attrSum = 0;
  for (const a of ATTRIBUTES) {
    issues.range(`attributes.${a}`, capitalized(a), c.attributes[a], 1, 8);
    attrSum += c.attributes[a];
  }
  let skillSum = 0;
  for (const s of SKILL_NAMES) {
    const v = c.skills[s] ?? 0;
    issues.range(`skills.${s}`, capitalized(s), v, 0, 6);
    skillSum += v;
  }
  for (const s of Object.keys(c.skills)) {
    if (!(SKILL_NAMES as string[]).includes(s)) issues.error(`skills.${s}`, 'unknown-skill', `'${s}' is not a skill; use one of ${SKILL_NAMES.join(', ')}.`);
  }
  c.attacks.forEach((a, i) => {
    if (!a.name.trim()) issues.error(`attacks.${i}.name`, 'attack-name', 'Give the attack a name.');
    if (!(a.damage >= 1)) issues.error(`attacks.${i}.damage`, 'attack-damage', `${a.name || 'This attack'} must deal at least 1 damage.`);
  });
  const mods = { protection: 0, guard: 0, health: 0 };
  let propertyThreat = 0;
  c.properties.forEach((p, i) => {
    const entry = catalogues.creatureProperties.find((e) => e.id === p.id);
    if (!entry) {
      issues.error(`properties.${i}`, 'unknown-property', `The property '${p.id}' is not in the catalogue; remove it.`);
      return;
    }
    let potency = 1;
    if (entry.potency) {
      potency = p.potency ?? 1;
      issues.range(`properties.${i}.potency`, `${entry.name}'s potency`, potency, 1, entry.potency.max);
      potency = Math.min(entry.potency.max, Math.max(1, potency));
    } else if (p.potency !== undefined && p.potency !== 1) {
      issues.error(`properties.${i}.potency`, 'no-potency', `${entry.name} has no potency.`);
    }
    propertyThreat += entry.threat * potency;
    for (const k of ['protection', 'guard', 'health'] as const) mods[k] += (entry.modifiers?.[k] ?? 0) * potency;
  });
  const rank = Math.min(10, Math.max(1, c.threatRank));
  const value = threatValue(attrSum, skillSum, propertyThreat);
  const computed = computedThreatRank(value);
  if (computed !== c.threatRank) {
    const fix =
      computed < c.threatRank
        ? `set the threat rank to ${computed}, or add properties, attributes or skills worth ${(c.threatRank - 1) * 6 + 6 - value} more threat`
        : `set the threat rank to ${computed}, or lower attributes, skills or properties by ${value - (c.threatRank * 6 + 5)} threat`;
    issues.warning('threatRank', 'threat-mismatch', `Threat value ${value} makes threat rank ${computed}, not ${c.threatRank}: ${fix}.`);
  }
  return {
    health: 6 + 3 * c.attributes.frame + 2 * rank + mods.health,
    guard: 1 + Math.floor((c.attributes.reflex + rank) / 4) + mods.guard,
    protection: mods.protection,
    threatValue: value,
    computedThreatRank: computed,
    propertyThreat,
  };
}
