import { caseDocument, type EditorCase } from './types';

/** A threat-rank 6 machine with 10 properties (several with potency) and two attacks; Frame changes move Health, the threat check and the melee pool. */
export const cases: EditorCase[] = [
  {
    name: 'creature, 10 properties',
    route: '/nucleus/CreatureEditor',
    control: 'Frame',
    keys: ['ArrowUp', 'ArrowDown'],
    document: caseDocument('creature', 'Bench creature', {
      creatureKind: 'machine',
      threatRank: 6,
      attributes: { frame: 5, reflex: 4, logic: 3, nerve: 3, sync: 2 },
      skills: { brawl: 3, firearms: 3, athletics: 2 },
      properties: [
        { id: 'armoured-hide', potency: 2 },
        { id: 'plated-chassis', potency: 2 },
        { id: 'combat-armour', potency: 1 },
        { id: 'evasive', potency: 1 },
        { id: 'resilient', potency: 2 },
        { id: 'hulking' },
        { id: 'shield-projector' },
        { id: 'hardened-mind' },
        { id: 'regeneration', potency: 1 },
        { id: 'self-repair' },
      ],
      attacks: [
        { name: 'Crusher Arm', damage: 4, range: 'melee' },
        { name: 'Chain Gun', damage: 3, range: 'medium' },
      ],
    }),
  },
];
