/** Small in-test catalogues and document builders (tests only; not exported by index.ts). */
import { SKILL_NAMES } from './constants';
import type { Blueprint, Catalogues, Character, Core, Creature } from './schemas';

export const base = { id: 'doc', schemaVersion: 1, name: 'Doc', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

export const catalogues: Catalogues = {
  blueprintFeatures: [
    { id: 'armour-piercing', name: 'Armour-piercing', type: 'weapon', cost: 2, maxRanks: 2, requires: [{ property: 'rate', min: 2 }], text: '' },
    { id: 'scope', name: 'Scope', type: 'weapon', cost: 1, requires: [{ property: 'range', oneOf: ['medium', 'long', 'extreme'] }], excludes: ['bayonet'], text: '' },
    { id: 'bayonet', name: 'Bayonet', type: 'weapon', cost: 1, excludes: ['scope'], text: '' },
    { id: 'compact', name: 'Compact', type: 'weapon', cost: 1, requires: [{ property: 'damage', max: 3 }], text: '' },
    {
      id: 'ammo',
      name: 'Ammo',
      type: 'weapon',
      cost: 0,
      subFeatures: { choose: { exactly: 1 }, options: [{ id: 'slug', name: 'Slug', cost: 1, text: '' }, { id: 'flechette', name: 'Flechette', cost: 2, text: '' }] },
      text: '',
    },
    {
      id: 'mods',
      name: 'Mods',
      type: 'armour',
      cost: 1,
      subFeatures: { choose: { upTo: 2 }, options: ['a', 'b', 'c'].map((id) => ({ id, name: id.toUpperCase(), cost: 1, text: '' })) },
      text: '',
    },
  ],
  coreEffects: [
    { id: 'shove', name: 'Shove', discipline: 'kinetic', baseCost: 2, maxPotency: 4, costPerPotency: 1, template: 'Throw it {potency*2} metres; {potency} damage.' },
    { id: 'blink', name: 'Blink', discipline: 'void', baseCost: 3, maxPotency: 2, costPerPotency: 2, template: 'Blink {potency} metres.' },
  ],
  coreSideEffects: [
    { id: 'nosebleed', name: 'Nosebleed', refund: 1, text: '' },
    { id: 'glow', name: 'Glow', refund: 2, text: '' },
  ],
  features: [
    { id: 'quick', name: 'Quick', tree: 'gunslinger', tier: 1, prerequisites: [], maxTimes: 1, text: '' },
    { id: 'tough', name: 'Tough', tree: 'brawler', tier: 1, prerequisites: [], maxTimes: 3, text: '' },
    { id: 'deadeye', name: 'Deadeye', tree: 'gunslinger', tier: 2, prerequisites: ['quick'], maxTimes: 1, text: '' },
    { id: 'legend', name: 'Legend', tree: 'gunslinger', tier: 3, prerequisites: ['deadeye'], maxTimes: 1, text: '' },
  ],
  creatureProperties: [
    { id: 'hide', name: 'Hide', threat: 1, potency: { max: 3 }, modifiers: { protection: 1, health: 2 }, tags: [], text: '' },
    { id: 'quick-feet', name: 'Quick feet', threat: 2, modifiers: { guard: 1 }, tags: [], text: '' },
  ],
  gear: [],
  creatures: [],
};

/**
 * A value a test builds wrong on purpose (a field of the wrong type, a missing
 * one), typed as what the code under test receives: the one place tests step
 * around the compiler, so that such values are easy to find.
 */
export const unchecked = <T>(value: unknown): T => value as T;

type Over<T> = Partial<Omit<T, 'properties'>> & { properties?: Record<string, unknown> };

// Tests build blueprints with wrong or partial properties on purpose (to see the issues), so the properties are not checked against the type.
export const blueprint = (type: Blueprint['type'], properties: Record<string, unknown>, over: Over<Blueprint> = {}): Blueprint =>
  unchecked<Blueprint>({ ...base, kind: 'blueprint', type, rank: 1, properties, features: [], ...over });
export const weapon = (over: Over<Blueprint> = {}): Blueprint => blueprint('weapon', { damage: 2, range: 'close', rate: 1, bulk: 1 }, over);
export const core = (over: Partial<Core> = {}): Core =>
  ({ ...base, kind: 'core', tier: 2, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [{ id: 'shove', potency: 1 }], sideEffects: [], ...over }) as Core;
export const noSkills = Object.fromEntries(SKILL_NAMES.map((s) => [s, 0])) as Character['skills'];
export const ones = { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 };
export const character = (over: Partial<Character> = {}): Character =>
  ({ ...base, kind: 'character', xp: 0, attributes: ones, skills: noSkills, features: [], cores: [], gear: [], ...over }) as Character;
export const creature = (over: Partial<Creature> = {}): Creature =>
  ({ ...base, kind: 'creature', creatureKind: 'beast', threatRank: 1, attributes: ones, skills: {}, properties: [], attacks: [], ...over }) as Creature;
export const codes = (r: { issues: { code: string }[] }) => r.issues.map((i) => i.code);
