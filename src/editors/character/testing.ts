/** Small documents and catalogues for the character editor's unit tests (tests only). */
import type { Blueprint, Catalogues, Core, FeatureEntry } from '../../rules';
import { newCharacter } from './edit';

export const NOW = '2026-11-23T10:00:00.000Z';
export const fresh = () => newCharacter('hero', NOW, 'Vex');

const f = (id: string, tier: 1 | 2 | 3, prerequisites: string[] = [], maxTimes = 1): FeatureEntry => ({ id, name: id.replace(/(^|-)(\w)/g, (_, s, c) => (s ? ' ' : '') + c.toUpperCase()), tree: 'gunslinger', tier, prerequisites, maxTimes, text: '' });

export const catalogues: Catalogues = {
  features: [f('quick-draw', 1), f('steady-aim', 1), f('iron-will', 1, [], 3), f('double-tap', 2, ['quick-draw']), f('deadeye', 2, ['steady-aim']), f('bullet-time', 3, ['double-tap'])],
  blueprintFeatures: [],
  coreEffects: [{ id: 'shove', name: 'Shove', discipline: 'kinetic', baseCost: 2, maxPotency: 4, costPerPotency: 1, template: 'Shove {potency}.' }],
  coreSideEffects: [],
  creatureProperties: [],
  gear: [],
  creatures: [],
};

const meta = { schemaVersion: 1, createdAt: NOW, updatedAt: NOW };
export const vest = (id = 'vest', protection = 2, guard = 1, bulk = 2): Blueprint =>
  ({ kind: 'blueprint', id, name: 'Vest', ...meta, type: 'armour', rank: 3, properties: { protection, guard, bulk }, features: [] }) as Blueprint;
export const rifle = (id = 'rifle', bulk = 3): Blueprint =>
  ({ kind: 'blueprint', id, name: 'Rifle', ...meta, type: 'weapon', rank: 1, properties: { damage: 3, range: 'close', rate: 1, bulk }, features: [] }) as Blueprint;
export const core = (id = 'core', tier = 2): Core =>
  ({ kind: 'core', id, name: `Core ${id}`, ...meta, tier, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [{ id: 'shove', potency: 1 }], sideEffects: [] }) as Core;
