/**
 * The keyboard of a number stepper, as a pure function so it is tested
 * without a browser (WAI-ARIA spinbutton keys).
 */
/**
 * A stepper's range is the field's whole range, what cannot mean anything
 * outside it (an attribute of 7 when the game's range is 1–6), never a
 * rule's limit that depends on the document (the creation cap, a rank's
 * skill cap): the rules engine reports those beside the field, and the
 * player may go past them by mouse, keys or typing alike.
 */
export interface StepperRange {
  min: number;
  max: number;
  /** Arrow step; default 1. */
  step?: number;
  /** PageUp/PageDown step; default the larger of 2 steps and a fifth of the range. */
  page?: number;
  /**
   * A catalogue entry's own limit inside the whole range (an effect's
   * potency 1–3): End goes to it, the arrows and + go past it, and the rules
   * engine says so beside the field.
   */
  limit?: number;
}

/**
 * The whole range of a value whose limit a catalogue entry sets (a feature's
 * ranks, an effect's or a property's potency): no entry allows more than 5,
 * so 1–10 lets a player go past any entry's limit and see the rule, without
 * numbers that mean nothing.
 */
export const CATALOGUE_STEP_RANGE = { min: 1, max: 10 } as const;

export function pageStep(r: StepperRange): number {
  const step = r.step ?? 1;
  return r.page ?? Math.max(2 * step, Math.round((r.max - r.min) / 5 / step) * step);
}

export function clamp(value: number, r: Pick<StepperRange, 'min' | 'max'>): number {
  return Math.min(r.max, Math.max(r.min, value));
}

/**
 * The value after a key press, or null when the key is not the stepper's.
 * A value outside the range (typed, or from an old document) steps back
 * into it rather than further out.
 */
export function stepperKey(key: string, value: number, r: StepperRange): number | null {
  const step = r.step ?? 1;
  const base = Number.isFinite(value) ? value : r.min;
  switch (key) {
    case 'ArrowUp':
      return clamp(base + step, r);
    case 'ArrowDown':
      return clamp(base - step, r);
    case 'PageUp':
      return clamp(base + pageStep(r), r);
    case 'PageDown':
      return clamp(base - pageStep(r), r);
    case 'Home':
      return r.min;
    case 'End':
      return r.limit !== undefined && base < r.limit ? r.limit : r.max;
    default:
      return null;
  }
}

/** Whether the − (down) or + (up) button changes the value: only the whole range stops it (a rule's limit never does). */
export function canStep(direction: 'down' | 'up', value: number, r: StepperRange): boolean {
  return stepperKey(direction === 'up' ? 'ArrowUp' : 'ArrowDown', value, r) !== value;
}

/** What a typed text means: a whole number, or null (the field keeps showing the text). */
export function parseWhole(text: string): number | null {
  const t = text.trim().replace(/^\u2212/, '-');
  return /^-?\d+$/.test(t) ? Number(t) : null;
}

/**
 * Why typed text cannot be this field's number (not a whole number, past the
 * largest whole number a document keeps exactly, or the field's own `refuse`),
 * or null for a number to keep; empty text is being retyped, not refused.
 */
export function typedProblem(label: string, text: string, refuse?: (typed: number) => string | undefined): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  const n = parseWhole(typed);
  if (n === null) return `${label} must be a whole number (it is ${typed}).`;
  if (!Number.isSafeInteger(n)) return `${label} must be at most ${Number.MAX_SAFE_INTEGER.toLocaleString('en-GB')}.`;
  return refuse?.(n) ?? null;
}

/** Whether the platform's undo/redo shortcut was pressed: Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y. */
export function historyShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): 'undo' | 'redo' | null {
  if (e.altKey || !(e.ctrlKey || e.metaKey)) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}
