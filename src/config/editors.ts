/**
 * The editors and their routes (`/nucleus/<slug>`). Imports nothing,
 * so storage (share links) and the route table can both read it without
 * pulling in the content pipeline.
 */
export const EDITORS = [
  { slug: 'BlueprintEditor', title: 'Blueprint editor', kind: 'blueprint', blurb: 'Design weapons, armour, equipment, cyberware and drones point by point.' },
  { slug: 'CharacterEditor', title: 'Character editor', kind: 'character', blurb: 'Build a hero: attributes, skills, features, gear, cores and ranks.' },
  { slug: 'CoreEditor', title: 'Core editor', kind: 'core', blurb: 'Design implanted powers from effects and side effects within a budget.' },
  { slug: 'CreatureEditor', title: 'Creature editor', kind: 'creature', blurb: 'Stat creatures and threats for your table, from scratch or the bestiary.' },
  { slug: 'EncounterEditor', title: 'Encounter tool', kind: 'encounter', blurb: 'Build a fight, see its band and exact odds, and run it at the table.' },
] as const;
