import { readCatalogues } from '../../../src/content';
import { copyStandard } from '../../../src/editors/character/origin';
import type { Core } from '../../../src/rules';
import type { EditorCase } from './types';

const now = '2026-01-01T00:00:00.000Z';

/**
 * Gear is copied from the standard catalogue the site is built from (as the
 * editor's "Add gear" does), so the case stays valid when item stats change.
 * Total bulk 12 = the bulk limit at Frame 4: each ArrowDown on Frame puts the
 * character over it, which also re-deals the Reflex rows of the dice table.
 */
const GEAR = ['duellist-mesh', 'knuckle-spike', 'pocket-six', 'medkit', 'trauma-kit', 'climbing-rig', 'grapple-gun', 'engineers-toolkit', 'datajack', 'wasp-scout'];

const catalogues = readCatalogues('content/data');
const gear = GEAR.map((id, i) => {
  const entry = catalogues.gear.find((g) => g.id === id);
  if (!entry) throw new Error(`bench case character: standard gear "${id}" is not in content/data/gear.`);
  return copyStandard(entry, `bench-gear-${i}`);
});

const core = (id: string, name: string, tier: number, discipline: Core['discipline'], effect: string): Core => ({
  kind: 'core',
  id,
  schemaVersion: 1,
  name,
  createdAt: now,
  updatedAt: now,
  tags: [],
  tier,
  discipline,
  activation: 'action',
  range: 'touch',
  duration: 'instant',
  effects: [{ id: effect, potency: 1 }],
  sideEffects: [],
});

/** A rank-10 character (450 XP) with all 11 attribute points and 28 skill points spent, 12 features, 10 gear items and 3 cores (tiers 1 + 1 + 2 = Sync 4). */
export const cases: EditorCase[] = [
  {
    name: 'character, rank 10, 12 features, 10 gear, 3 cores',
    route: '/nucleus/CharacterEditor',
    control: 'Frame',
    keys: ['ArrowDown', 'ArrowUp'],
    document: {
      kind: 'character',
      id: 'bench-character',
      schemaVersion: 1,
      name: 'Bench character',
      createdAt: now,
      updatedAt: now,
      tags: [],
      concept: 'Veteran gunhand',
      origin: 'Orbital docks',
      xp: 450,
      attributes: { frame: 4, reflex: 4, logic: 2, nerve: 2, sync: 4 },
      skills: { athletics: 3, brawl: 2, firearms: 5, piloting: 2, stealth: 3, engineering: 1, medicine: 2, investigation: 2, persuasion: 1, intimidation: 2, hacking: 3, interface: 2 },
      features: [
        { id: 'quick-draw' },
        { id: 'steady-aim' },
        { id: 'trick-shot' },
        { id: 'double-tap' },
        { id: 'deadeye' },
        { id: 'bullet-time' },
        { id: 'executioner' },
        { id: 'jack-in' },
        { id: 'ice-breaker' },
        { id: 'ghost-protocol' },
        { id: 'daemon-swarm' },
        { id: 'iron-fists' },
      ],
      gear,
      armour: 'bench-gear-0',
      cores: [core('bench-core-1', 'Shove', 1, 'kinetic', 'telekinetic-lift'), core('bench-core-2', 'Read', 1, 'neural', 'mind-read'), core('bench-core-3', 'Barrier', 2, 'kinetic', 'force-barrier')],
      advancement: [],
    },
  },
];
