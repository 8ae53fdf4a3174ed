/** The game's names and numbers (GAME.md), in one place. */
export const ATTRIBUTES = ['frame', 'reflex', 'logic', 'nerve', 'sync'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** The twelve skills and their governing attribute (GAME.md §2). */
export const SKILLS = {
  athletics: 'frame',
  brawl: 'frame',
  firearms: 'reflex',
  piloting: 'reflex',
  stealth: 'reflex',
  engineering: 'logic',
  medicine: 'logic',
  investigation: 'logic',
  persuasion: 'nerve',
  intimidation: 'nerve',
  hacking: 'sync',
  interface: 'sync',
} as const satisfies Record<string, Attribute>;
export type Skill = keyof typeof SKILLS;
export const SKILL_NAMES = Object.keys(SKILLS) as Skill[];

export const BLUEPRINT_TYPES = ['weapon', 'armour', 'equipment', 'cyberware', 'drone'] as const;
export type BlueprintType = (typeof BLUEPRINT_TYPES)[number];
export const RANGES = ['melee', 'close', 'medium', 'long', 'extreme'] as const;
export const SLOTS = ['head', 'arm', 'torso', 'legs', 'nervous'] as const;

export const DISCIPLINES = ['kinetic', 'neural', 'bio', 'void', 'signal'] as const;
export const ACTIVATIONS = { action: 0, reaction: 1, passive: 2 } as const;
export const CORE_RANGES = { self: 0, touch: 0, near: 1, far: 2 } as const;
export const DURATIONS = { instant: 0, scene: 1, sustained: 2 } as const;

export const TREES = ['gunslinger', 'netrunner', 'medic', 'brawler', 'pilot', 'face'] as const;
export const CREATURE_KINDS = ['beast', 'machine', 'alien', 'humanoid', 'swarm'] as const;

export const DIFFICULTIES = ['Routine', 'Tricky', 'Hard', 'Severe', 'Extreme', 'Legendary'] as const;

/** Minimum character rank for each feature tier. */
export const TIER_MIN_RANK: Record<number, number> = { 1: 1, 2: 4, 3: 7 };
