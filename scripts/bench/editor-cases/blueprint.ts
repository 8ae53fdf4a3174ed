import { caseDocument, type EditorCase } from './types';

/** A weapon with 6 features (three with sub-features), as a player might build one. */
export const cases: EditorCase[] = [
  {
    name: 'blueprint, 6 features',
    route: '/nucleus/BlueprintEditor',
    control: 'Damage',
    keys: ['ArrowUp', 'ArrowDown'],
    document: caseDocument('blueprint', 'Bench rifle', {
      type: 'weapon',
      rank: 5,
      properties: { damage: 3, range: 'medium', rate: 2, bulk: 2 },
      features: [
        { id: 'armour-piercing', ranks: 2 },
        { id: 'precision-scope', subFeatures: ['thermal-optic'] },
        { id: 'smart-rounds', subFeatures: ['seeker-fins'] },
        { id: 'underbarrel-module', subFeatures: [] },
        { id: 'recoil-dampers' },
        { id: 'suppressor' },
      ],
    }),
  },
];
