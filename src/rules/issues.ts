export type Severity = 'error' | 'warning';

/** A rule a document breaks, shown beside the field its `path` points at. */
export interface Issue {
  /** Dot path of the field (`properties.rate`, `features.1.subFeatures`). */
  path: string;
  /** Stable kebab-case code. */
  code: string;
  /** A sentence a player understands: what is wrong and how to fix it. */
  message: string;
  /** Warnings: the creature threat-rank mismatch and an encounter's advice; a warning never makes a document invalid. */
  severity: Severity;
}

export class IssueList {
  readonly items: Issue[] = [];
  error(path: string, code: string, message: string): void {
    this.items.push({ path, code, message, severity: 'error' });
  }
  warning(path: string, code: string, message: string): void {
    this.items.push({ path, code, message, severity: 'warning' });
  }
  /** Checks a whole number is within [min, max]; names the field in plain words. */
  range(path: string, label: string, value: number, min: number, max: number): void {
    if (!(value >= min && value <= max)) this.error(path, 'out-of-range', `${label} must be between ${min} and ${max} (it is ${value}).`);
  }
  get valid(): boolean {
    return !this.items.some((i) => i.severity === 'error');
  }
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** A rules name as a label: "melee" → "Melee" (rules sentences and the editors' labels). */
export const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
