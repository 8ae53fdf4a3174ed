import { caseDocument, type EditorCase } from './types';

/**
 * The load: 6 heroes against 12 kinds of creature, every one with
 * two attacks, so a change recomputes a 24 × 6 and a 12 × 12 odds matrix
 * (each cell exact from the dice engine) and the band. The change is a
 * creature's count (summary, band and the matrix's rows all follow it).
 */
const attack = (name: string, pool: number, damage: number, rate = 1, ignoresProtection: number | 'all' = 0) => ({ name, pool, damage, rate, ignoresProtection });

const creatures = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i + 1}`,
  source: { kind: 'bestiary', id: `bench-creature-${i + 1}` },
  count: 1 + (i % 3),
  snapshot: {
    name: `Bench creature ${i + 1}`,
    creatureKind: (['beast', 'machine', 'alien', 'humanoid', 'swarm'] as const)[i % 5],
    threatRank: 1 + (i % 6),
    health: 8 + 2 * i,
    guard: 1 + (i % 4),
    protection: i % 3,
    reflex: 2 + (i % 4),
    logic: 1 + (i % 3),
    initiative: 3 + (i % 4) + (i % 3),
    attacks: [attack('Claw', 4 + (i % 5), 3 + (i % 3)), attack('Spit', 3 + (i % 4), 2, 1, i % 2)],
    tags: [],
  },
}));

const party = Array.from({ length: 6 }, (_, i) => ({
  id: `h${i + 1}`,
  source: { kind: 'quick' },
  snapshot: {
    name: `Hero ${i + 1}`,
    rank: 2 + (i % 3),
    reflex: 3 + (i % 2),
    logic: 2 + (i % 3),
    guard: 2 + (i % 3),
    health: 14 + i,
    protection: 1 + (i % 2),
    strainCapacity: 4,
    initiative: 5 + (i % 2) + (i % 3),
    attacks: [attack('Rifle', 6 + (i % 3), 4, 1 + (i % 2)), attack('Knife', 4 + (i % 2), 2, 1, 1)],
  },
}));

export const cases: EditorCase[] = [
  {
    name: 'encounter, 6 heroes × 12 creatures',
    route: '/nucleus/EncounterEditor',
    control: 'Copies of Bench creature 1',
    keys: ['ArrowUp', 'ArrowDown'],
    document: caseDocument('encounter', 'Bench encounter', { creatures, party }),
  },
];
