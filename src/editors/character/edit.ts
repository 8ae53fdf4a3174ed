/**
 * Edits of a character document as pure functions (document → document):
 * the kit's undo history records each result as one step. Attributes and
 * skills are clamped to the game's whole range only (what a higher rank
 * could ever allow): a value past the cap of the character's rank is a
 * rule broken, which the rules engine reports beside the field, never a
 * value refused (docs/editors.md "Warn, never block").
 */
import {
  ATTRIBUTES,
  SKILL_NAMES,
  attributeCapForRank,
  newDocumentFields,
  rankForXp,
  skillCapForRank,
  type Attribute,
  type Blueprint,
  type Character,
  type Core,
  type Skill,
} from '../../rules/engine';
import { syncAdvancement } from './advancement';

/** An attribute's whole range, GAME.md §2 "Range 1–6": the cap of the highest rank. */
export const ATTRIBUTE_RANGE = { min: 1, max: attributeCapForRank(10) } as const;
/** A skill's whole range, GAME.md §2 "Ranks 0–5": the cap of the highest rank. */
export const SKILL_RANGE = { min: 0, max: skillCapForRank(10) } as const;

export function newCharacter(id: string, now: string, name = 'New character'): Character {
  return {
    kind: 'character',
    ...newDocumentFields(id, name, now),
    concept: '',
    origin: '',
    xp: 0,
    attributes: Object.fromEntries(ATTRIBUTES.map((a) => [a, 1])) as Character['attributes'],
    skills: Object.fromEntries(SKILL_NAMES.map((s) => [s, 0])) as Character['skills'],
    features: [],
    cores: [],
    gear: [],
    advancement: [],
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));
export const rankOf = (c: Pick<Character, 'xp'>) => rankForXp(Math.max(0, c.xp));

export function setText(c: Character, field: 'name' | 'concept' | 'origin' | 'notes', value: string): Character {
  return c[field] === value ? c : { ...c, [field]: value };
}

/** New XP; the advancement log gains (or loses) entries at the same step. */
export function setXp(c: Character, xp: number, now: string): Character {
  const value = clamp(xp, 0, 100000);
  if (value === c.xp) return c;
  return syncAdvancement({ ...c, xp: value }, now);
}

export function setAttribute(c: Character, a: Attribute, value: number): Character {
  const v = clamp(value, ATTRIBUTE_RANGE.min, ATTRIBUTE_RANGE.max);
  return c.attributes[a] === v ? c : { ...c, attributes: { ...c.attributes, [a]: v } };
}

export function setSkill(c: Character, s: Skill, value: number): Character {
  const v = clamp(value, SKILL_RANGE.min, SKILL_RANGE.max);
  return c.skills[s] === v ? c : { ...c, skills: { ...c.skills, [s]: v } };
}

/** Takes a feature once more (a new entry, or +1 on its count). Whether it may be taken is `featureStatus`'s job. */
export function takeFeature(c: Character, id: string): Character {
  const i = c.features.findIndex((f) => f.id === id);
  if (i < 0) return { ...c, features: [...c.features, { id }] };
  const features = c.features.slice();
  features[i] = { ...features[i]!, times: (features[i]!.times ?? 1) + 1 };
  return { ...c, features };
}

/** Gives up one taking of a feature (the entry goes when its count reaches 0). */
export function dropFeature(c: Character, id: string): Character {
  const i = c.features.findIndex((f) => f.id === id);
  if (i < 0) return c;
  const times = c.features[i]!.times ?? 1;
  const features = c.features.slice();
  if (times <= 1) features.splice(i, 1);
  else features[i] = times - 1 === 1 ? { id } : { ...features[i]!, times: times - 1 };
  return { ...c, features };
}

/** Adds a gear copy; `wear` also makes it the worn armour. */
export function addGear(c: Character, item: Blueprint, wear = false): Character {
  const next = { ...c, gear: [...c.gear, item] };
  return wear && item.type === 'armour' ? { ...next, armour: item.id } : next;
}

/** Removes a gear item; taking off what was worn leaves no armour worn. */
export function removeGear(c: Character, index: number): Character {
  const item = c.gear[index];
  if (!item) return c;
  const gear = c.gear.filter((_, i) => i !== index);
  const next: Character = { ...c, gear };
  if (c.armour === item.id && !gear.some((g) => g.id === item.id)) delete next.armour;
  return next;
}

/** Wears the armour with this gear id (one at a time), or none. */
export function wearArmour(c: Character, gearId: string | undefined): Character {
  if (c.armour === gearId) return c;
  const next: Character = { ...c };
  if (gearId === undefined) delete next.armour;
  else next.armour = gearId;
  return next;
}

export function installCore(c: Character, core: Core): Character {
  return { ...c, cores: [...c.cores, core] };
}

export function removeCore(c: Character, index: number): Character {
  return index in c.cores ? { ...c, cores: c.cores.filter((_, i) => i !== index) } : c;
}
