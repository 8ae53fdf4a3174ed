/**
 * Undo/redo on the pure document state. Snapshots, not diffs: documents are
 * small and immutable, so keeping the old objects costs little and makes
 * undo exact. Its rules (history.test.ts names each test by its rule):
 *
 * - H1 Undo and redo walk back and forth through the changes.
 * - H2 A new change after an undo drops the redo branch.
 * - H3 Changes with one coalesce key less than COALESCE_MS apart are one
 *   step (typing a word); a longer pause, another key or a seal (the field
 *   losing focus) starts a new step.
 * - H4 At least 200 steps are kept, and at most HISTORY_LIMIT (the oldest go).
 * - H5 A change that gives back the same document records nothing.
 * - H6 A replacement from elsewhere (another tab's save, a sync) changes the
 *   present without adding an undo step.
 * - H7 Loading another document starts the history over.
 */

/** Undo keeps at least this many steps (the issue asks for 200). */
export const HISTORY_LIMIT = 500;
/** Changes with the same coalesce key closer than this fold into one step. */
export const COALESCE_MS = 1500;

export interface History<D> {
  past: readonly D[];
  present: D;
  future: readonly D[];
  /** Coalesce key of the newest step, while it may still absorb changes. */
  group: string | null;
  /** Time of the last change in `group` (ms). */
  groupAt: number;
}

export type HistoryAction<D> =
  /** A user's change. With `coalesce`, follows-ups with the same key fold into this step (typing). */
  | { type: 'apply'; update: (doc: D) => D; coalesce?: string; at?: number }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Ends the current coalescing group (a field lost focus). */
  | { type: 'seal' }
  /** Another document: history starts over. */
  | { type: 'load'; doc: D }
  /** A change from elsewhere (another tab, a restore): replaces the present, never enters undo. */
  | { type: 'replace'; doc: D };

export function createHistory<D>(doc: D): History<D> {
  return { past: [], present: doc, future: [], group: null, groupAt: 0 };
}

export function historyReducer<D>(state: History<D>, action: HistoryAction<D>): History<D> {
  switch (action.type) {
    case 'apply': {
      const next = action.update(state.present);
      if (Object.is(next, state.present)) return state;
      const at = action.at ?? Date.now();
      // H3: a change in the same group, soon after the last, extends the newest step.
      if (action.coalesce && state.group === action.coalesce && at - state.groupAt < COALESCE_MS && state.past.length > 0) {
        return { ...state, present: next, future: [], groupAt: at };
      }
      const past = state.past.length >= HISTORY_LIMIT ? state.past.slice(state.past.length - HISTORY_LIMIT + 1) : state.past;
      return { past: [...past, state.present], present: next, future: [], group: action.coalesce ?? null, groupAt: at };
    }
    case 'undo': {
      if (state.past.length === 0) return state;
      const previous = state.past[state.past.length - 1]!;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], group: null, groupAt: 0 };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      const [next, ...rest] = state.future;
      return { past: [...state.past, state.present], present: next!, future: rest, group: null, groupAt: 0 };
    }
    case 'seal':
      return state.group === null ? state : { ...state, group: null };
    case 'load':
      return createHistory(action.doc);
    case 'replace':
      return Object.is(action.doc, state.present) ? state : { ...state, present: action.doc, group: null };
  }
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;
