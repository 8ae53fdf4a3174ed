/**
 * Characters (GAME.md §2; SPEC.md H1–H10): rank from XP, attribute and skill
 * points and caps, features, installed cores, worn armour and the derived values.
 * "Creation" means rank 1 (xp < 10): attributes capped at 4 there, 6 after.
 */
import type { Blueprint, Catalogues, Character } from './schemas';
import { ATTRIBUTES, SKILL_NAMES, TIER_MIN_RANK, SKILLS } from './constants';
import { IssueList, capitalized } from './issues';
import { evaluateBlueprint } from './blueprint';
import { evaluateCore } from './core';
import { withHomebrew } from './homebrew';

export interface CharacterDerived {
  rank: number;
  health: number;
  guard: number;
  protection: number;
  strainCapacity: number;
  initiative: number;
  bulkLimit: number;
  bulkCarried: number;
  overBulk: boolean;
  featureSlots: number;
  featureSlotsUsed: number;
  skillPointsLeft: number;
  attributePointsLeft: number;
  skillCap: number;
  attributeCap: number;
  coreTiers: number;
  xpForNextRank: number | null;
}

export const xpForRank = (r: number) => 5 * r * (r - 1);

export function rankForXp(xp: number): number {
  let rank = 1;
  for (let r = 2; r <= 10; r++) if (xpForRank(r) <= xp) rank = r;
  return rank;
}

export const skillCapForRank = (rank: number) => (rank <= 3 ? 3 : rank <= 6 ? 4 : 5);
export const attributeCapForRank = (rank: number) => (rank <= 1 ? 4 : 6);
export const attributePointsForRank = (rank: number) => 8 + [4, 7, 10].filter((r) => rank >= r).length;
export const skillPointsForRank = (rank: number) => 10 + 2 * (rank - 1);
export const featureSlotsForRank = (rank: number) => 2 + rank;

/** The dice pool of a skill: governing attribute + rank. */
export function skillPool(c: Pick<Character, 'attributes' | 'skills'>, skill: keyof typeof SKILLS): number {
  return Math.max(1, c.attributes[SKILLS[skill]] + c.skills[skill]);
}

export function evaluateCharacter(c: Character, catalogues: Catalogues, issues = new IssueList()): CharacterDerived {
  if (!(c.xp >= 0)) issues.error('xp', 'negative-xp', 'XP cannot be negative.');
  const rank = rankForXp(Math.max(0, c.xp));
  const attributeCap = attributeCapForRank(rank);
  const skillCap = skillCapForRank(rank);

  let attrSpent = 0;
  for (const a of ATTRIBUTES) {
    const v = c.attributes[a];
    issues.range(`attributes.${a}`, capitalized(a), v, 1, attributeCap);
    attrSpent += Math.max(0, v - 1);
  }
  const attributePointsLeft = attributePointsForRank(rank) - attrSpent;
  if (attributePointsLeft < 0) {
    issues.error('attributes', 'attribute-points', `Spent ${attrSpent} attribute points of ${attributePointsForRank(rank)}: lower an attribute by ${-attributePointsLeft}.`);
  }

  let skillSpent = 0;
  for (const s of SKILL_NAMES) {
    const v = c.skills[s];
    issues.range(`skills.${s}`, capitalized(s), v, 0, skillCap);
    skillSpent += Math.max(0, v);
  }
  const skillPointsLeft = skillPointsForRank(rank) - skillSpent;
  if (skillPointsLeft < 0) issues.error('skills', 'skill-points', `Spent ${skillSpent} skill points of ${skillPointsForRank(rank)}: lower a skill by ${-skillPointsLeft}.`);

  // Features.
  const held = new Set(c.features.map((f) => f.id));
  let featureSlotsUsed = 0;
  c.features.forEach((f, i) => {
    const at = `features.${i}`;
    const times = f.times ?? 1;
    featureSlotsUsed += Math.max(1, times);
    const entry = catalogues.features.find((e) => e.id === f.id);
    if (!entry) {
      issues.error(at, 'unknown-feature', `The feature '${f.id}' is not in the catalogue; remove it.`);
      return;
    }
    if (rank < TIER_MIN_RANK[entry.tier]!) issues.error(at, 'tier-rank', `${entry.name} is a tier ${entry.tier} feature: it needs rank ${TIER_MIN_RANK[entry.tier]} (this character is rank ${rank}).`);
    const missing = entry.prerequisites.filter((p) => !held.has(p));
    if (missing.length) {
      const names = missing.map((p) => catalogues.features.find((e) => e.id === p)?.name ?? p);
      issues.error(at, 'prerequisite', `${entry.name} needs ${names.join(' and ')} first.`);
    }
    if (times < 1 || times > entry.maxTimes) issues.error(`${at}.times`, 'times', entry.maxTimes === 1 ? `${entry.name} can be taken once.` : `${entry.name} can be taken up to ${entry.maxTimes} times.`);
    if (c.features.findIndex((g) => g.id === f.id) !== i) issues.error(at, 'duplicate-feature', `${entry.name} is listed twice; raise its count instead.`);
  });
  const featureSlots = featureSlotsForRank(rank);
  if (featureSlotsUsed > featureSlots) issues.error('features', 'feature-slots', `Uses ${featureSlotsUsed} feature slots of ${featureSlots}: remove a feature or gain a rank.`);

  // Cores.
  let coreTiers = 0;
  c.cores.forEach((core, i) => {
    coreTiers += core.tier;
    const sub = new IssueList();
    // An installed core is judged with its own copies of pack entries too.
    evaluateCore(core, withHomebrew(catalogues, core.homebrew), sub);
    for (const issue of sub.items) if (issue.severity === 'error') issues.error(`cores.${i}.${issue.path}`, issue.code, `${core.name}: ${issue.message}`);
  });
  if (coreTiers > c.attributes.sync) issues.error('cores', 'core-tiers', `Installed cores' tiers add up to ${coreTiers}, more than Sync ${c.attributes.sync}: remove a core or raise Sync.`);

  // Gear and armour.
  let bulkCarried = 0;
  c.gear.forEach((g, i) => {
    bulkCarried += Number((g.properties as Record<string, unknown>).bulk ?? 0);
    const sub = new IssueList();
    evaluateBlueprint(g, withHomebrew(catalogues, g.homebrew), sub);
    for (const issue of sub.items) if (issue.severity === 'error') issues.error(`gear.${i}.${issue.path}`, issue.code, `${g.name}: ${issue.message}`);
  });
  let armour: Blueprint | undefined;
  if (c.armour) {
    armour = c.gear.find((g) => g.id === c.armour);
    if (!armour) issues.error('armour', 'armour-missing', 'The worn armour is not among the gear: choose armour the character carries.');
    else if (armour.type !== 'armour') issues.error('armour', 'not-armour', `${armour.name} is not armour: choose an armour to wear.`);
  }
  const worn = armour?.type === 'armour' ? (armour.properties as { guard: number; protection: number }) : { guard: 0, protection: 0 };
  const bulkLimit = 3 * c.attributes.frame;
  const overBulk = bulkCarried > bulkLimit;

  return {
    rank,
    health: 8 + 2 * c.attributes.frame + rank,
    guard: 1 + Math.floor((c.attributes.reflex + c.skills.athletics) / 4) + worn.guard,
    protection: worn.protection,
    strainCapacity: 2 * c.attributes.sync + c.attributes.nerve,
    initiative: c.attributes.reflex + c.attributes.logic,
    bulkLimit,
    bulkCarried,
    overBulk,
    featureSlots,
    featureSlotsUsed,
    skillPointsLeft,
    attributePointsLeft,
    skillCap,
    attributeCap,
    coreTiers,
    xpForNextRank: rank < 10 ? xpForRank(rank + 1) : null,
  };
}

