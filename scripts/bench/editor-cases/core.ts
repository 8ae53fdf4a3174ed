import type { EditorCase } from './types';

const now = '2026-01-01T00:00:00.000Z';

/** A tier-5 kinetic core with 5 effects (two off-discipline) and two side effects, as a player might build one. */
export const cases: EditorCase[] = [
  {
    name: 'core, 5 effects',
    route: '/nucleus/CoreEditor',
    control: 'Kinetic Shove potency',
    keys: ['ArrowUp', 'ArrowDown'],
    document: {
      kind: 'core',
      id: 'bench-core',
      schemaVersion: 1,
      name: 'Bench core',
      createdAt: now,
      updatedAt: now,
      tags: [],
      tier: 5,
      discipline: 'kinetic',
      activation: 'reaction',
      range: 'near',
      duration: 'scene',
      effects: [
        { id: 'kinetic-shove', potency: 2 },
        { id: 'force-barrier', potency: 1 },
        { id: 'telekinetic-lift', potency: 2 },
        { id: 'mind-read', potency: 1 },
        { id: 'neural-lash', potency: 1 },
      ],
      sideEffects: ['nosebleed', 'tremors'],
    },
  },
];
