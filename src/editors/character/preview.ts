/**
 * "What an item would change": before a piece of gear or a core is added
 * (or armour is worn), the pickers show the summary values that would move
 * and any rule the change would break. The change is evaluated on a copy
 * with the real rules engine, so the preview can never disagree with the
 * summary after the click.
 */
import { evaluate, type Catalogues, type Character, type CharacterDerived, type Issue } from '../../rules/engine';
import { SUMMARY_FIELDS } from './summary';

export interface ValueChange {
  key: keyof CharacterDerived;
  label: string;
  before: number;
  after: number;
}

export interface Preview {
  changes: ValueChange[];
  /** Issues the change would add (by path, code and message). */
  breaks: Issue[];
  /** Issues the change would clear. */
  fixes: Issue[];
  validBefore: boolean;
  validAfter: boolean;
}

/** Extra values a gear preview needs besides the summary's. */
const EXTRA: { key: keyof CharacterDerived; label: string }[] = [
  { key: 'bulkCarried', label: 'Bulk carried' },
  { key: 'coreTiers', label: 'Core tiers' },
];

const issueKey = (i: Issue) => `${i.path}\u0000${i.code}\u0000${i.message}`;

export function previewChange(before: Character, after: Character, catalogues: Partial<Catalogues>): Preview {
  const a = evaluate(before, catalogues);
  const b = evaluate(after, catalogues);
  const changes: ValueChange[] = [];
  for (const f of [...SUMMARY_FIELDS, ...EXTRA]) {
    const x = a.derived[f.key];
    const y = b.derived[f.key];
    if (typeof x === 'number' && typeof y === 'number' && x !== y) changes.push({ key: f.key, label: f.label, before: x, after: y });
  }
  const had = new Set(a.issues.map(issueKey));
  const has = new Set(b.issues.map(issueKey));
  return {
    changes,
    breaks: b.issues.filter((i) => !had.has(issueKey(i))),
    fixes: a.issues.filter((i) => !has.has(issueKey(i))),
    validBefore: a.valid,
    validAfter: b.valid,
  };
}

/** "Guard 2 → 3, Protection 0 → 2" — the preview in one line for a list row. */
export function describeChanges(p: Preview): string {
  if (p.changes.length === 0) return 'No summary value changes.';
  return p.changes.map((c) => `${c.label} ${c.before} → ${c.after}`).join(', ');
}
