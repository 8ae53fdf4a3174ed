/**
 * The character's summary values in the order and words the summary panel,
 * the pickers' previews and the printed sheet use (issue 13: Rank, Health,
 * Guard, Protection, Strain capacity, Initiative, Bulk limit, Feature slots,
 * Skill points left, Attribute points left). Keys are `CharacterDerived`
 * names so a test can compare them with `rules evaluate` one to one.
 */
import type { CharacterDerived } from '../../rules';
import { plural } from '../../rules/issues';

export interface SummaryField {
  key: keyof CharacterDerived;
  label: string;
  /** What the number is, for the `title`/description of the row. */
  hint: string;
}

export const SUMMARY_FIELDS: readonly SummaryField[] = [
  { key: 'rank', label: 'Rank', hint: 'From experience: the highest rank whose XP is reached.' },
  { key: 'health', label: 'Health', hint: '8 + 2 × Frame + rank.' },
  { key: 'guard', label: 'Guard', hint: 'The difficulty to hit you: 1 + (Reflex + Athletics) ÷ 4, rounded down, + worn armour.' },
  { key: 'protection', label: 'Protection', hint: 'Damage taken off each hit: the worn armour’s protection.' },
  { key: 'strainCapacity', label: 'Strain capacity', hint: '2 × Sync + Nerve.' },
  { key: 'initiative', label: 'Initiative', hint: 'Initiative pool: Reflex + Logic.' },
  { key: 'bulkLimit', label: 'Bulk limit', hint: '3 × Frame; over it, Reflex rolls lose a die.' },
  { key: 'featureSlots', label: 'Feature slots', hint: '2 + rank; each taking of a feature uses one.' },
  { key: 'skillPointsLeft', label: 'Skill points left', hint: '10 at creation, +2 per rank above 1, minus the skill ranks bought.' },
  { key: 'attributePointsLeft', label: 'Attribute points left', hint: '8 at creation, +1 at ranks 4, 7 and 10, minus each step above 1.' },
];

/** Values that only make sense next to another ("5 / 6"): shown as used / total. */
export function summaryText(d: CharacterDerived, key: keyof CharacterDerived): string {
  if (key === 'featureSlots') return `${d.featureSlotsUsed} / ${d.featureSlots}`;
  return String(d[key]);
}

/** Points and slots a legal character has not used yet: a new character has all of them. */
export function stillToDo(_doc: unknown, evaluation: { derived: CharacterDerived }): string[] {
  const d = evaluation.derived;
  const todo: string[] = [];
  if (d.attributePointsLeft > 0) todo.push(`spend ${plural(d.attributePointsLeft, 'attribute point')}`);
  if (d.skillPointsLeft > 0) todo.push(`spend ${plural(d.skillPointsLeft, 'skill point')}`);
  const free = d.featureSlots - d.featureSlotsUsed;
  if (free > 0) todo.push(`choose ${free === 1 ? 'a feature' : `${free} features`}`);
  return todo;
}
