import { caseDocument, type EditorCase } from './types';

/** A tier-5 kinetic core with 5 effects (two off-discipline) and two side effects, as a player might build one. */
export const cases: EditorCase[] = [
  {
    name: 'core, 5 effects',
    route: '/nucleus/CoreEditor',
    control: 'Kinetic Shove potency',
    keys: ['ArrowUp', 'ArrowDown'],
    document: caseDocument('core', 'Bench core', {
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
    }),
  },
];
