/**
 * What differs between two versions of one encounter, in the game's words,
 * for the conflict notice when two tabs or devices ran the same fight
 * ("Vex's Health: 10 here, 7 in the other", "Round: 5 here, 4 in the
 * other"): never the document's JSON.
 */
import { inOrder } from '../../rules/engine';
import type { Combatant, Encounter, Fight } from './rules';

/** Longer free text is cut here in a sentence (the copy holds it whole). */
const MOST_TEXT = 40;

const quoted = (text: string | undefined) => {
  const t = (text ?? '').trim();
  if (!t) return 'empty';
  return `“${t.length > MOST_TEXT ? `${t.slice(0, MOST_TEXT - 1)}…` : t}”`;
};

/** "What: A here, B in the other", or nothing when the two read the same. */
function both(what: string, here: string, there: string): string[] {
  return here === there ? [] : [`${what}: ${here} here, ${there} in the other`];
}

/** Rows matched by id: a change, or a row only one side has. */
function rows<R extends { id: string }>(here: readonly R[], there: readonly R[], name: (r: R) => string, where: string, changed: (a: R, b: R) => string[]): string[] {
  const other = new Map(there.map((r) => [r.id, r]));
  const mine = new Set(here.map((r) => r.id));
  return [
    ...here.flatMap((r) => {
      const b = other.get(r.id);
      return b ? changed(r, b) : [`${name(r)}: ${where} here, not in the other`];
    }),
    ...there.filter((r) => !mine.has(r.id)).map((r) => `${name(r)}: not here, ${where} in the other`),
  ];
}

const hits = (c: Combatant) => (c.initiative ? `${c.initiative.hits} hit${c.initiative.hits === 1 ? '' : 's'}` : 'no roll');
const noted = (c: Combatant) => (c.note ? `${quoted(c.note)}${c.countdown ? ` (${c.countdown} round${c.countdown === 1 ? '' : 's'} left)` : ''}` : 'none');

function combatant(a: Combatant, b: Combatant): string[] {
  const who = `${a.name}'s`;
  return [
    ...both(`${who} Health`, String(a.health), String(b.health)),
    ...both(`${who} strain`, String(a.strain), String(b.strain)),
    ...both(`${who} initiative`, hits(a), hits(b)),
    ...both(`${who} note`, noted(a), noted(b)),
  ];
}

function fight(here: Fight | undefined, there: Fight | undefined): string[] {
  const state = (f: Fight | undefined) => (f ? `running (round ${f.round})` : 'not started');
  if (!here || !there) return both('The fight', state(here), state(there));
  const whose = (f: Fight) => inOrder(f)[f.turn]?.name ?? 'no one';
  const order = (f: Fight) => inOrder(f).map((c) => c.name).join(', ');
  const sameMembers = here.order.length === there.order.length && here.order.every((id) => there.order.includes(id));
  return [
    ...both('Round', String(here.round), String(there.round)),
    ...both('Whose turn', whose(here), whose(there)),
    ...(sameMembers ? both('Initiative order', order(here), order(there)) : []),
    ...rows(here.combatants, there.combatants, (c) => c.name, 'in the fight', combatant),
  ];
}

/** Each difference between the encounter here and the other version, one sentence each. */
export function encounterDifferences(here: Encounter, there: Encounter): string[] {
  return [
    ...both('Name', quoted(here.name), quoted(there.name)),
    ...both('Notes', quoted(here.notes), quoted(there.notes)),
    ...both('Tags', (here.tags ?? []).join(', ') || 'none', (there.tags ?? []).join(', ') || 'none'),
    ...rows(here.creatures, there.creatures, (c) => c.snapshot.name, 'listed', (a, b) => both(`Copies of ${a.snapshot.name}`, String(a.count), String(b.count))),
    ...rows(here.party, there.party, (p) => p.snapshot.name, 'in the party', () => []),
    ...fight(here.fight, there.fight),
  ];
}
