import { describe, expect, it } from 'vitest';
import { COALESCE_MS, HISTORY_LIMIT, canRedo, canUndo, createHistory, historyReducer, type History, type HistoryAction } from './history';

type Doc = { name: string; n: number };
const run = (h: History<Doc>, ...actions: HistoryAction<Doc>[]) => actions.reduce(historyReducer, h);
const set = (patch: Partial<Doc>, extra: { coalesce?: string; at?: number } = {}): HistoryAction<Doc> => ({ type: 'apply', update: (d) => ({ ...d, ...patch }), ...extra });

describe('history reducer', () => {
  it('[H1] undo and redo walk back and forth through changes', () => {
    let h = run(createHistory<Doc>({ name: 'a', n: 0 }), set({ n: 1 }), set({ n: 2 }), set({ n: 3 }));
    expect(h.present.n).toBe(3);
    h = run(h, { type: 'undo' }, { type: 'undo' });
    expect(h.present.n).toBe(1);
    expect(canRedo(h)).toBe(true);
    h = run(h, { type: 'redo' });
    expect(h.present.n).toBe(2);
    h = run(h, { type: 'undo' }, { type: 'undo' }, { type: 'undo' });
    expect(h.present.n).toBe(0);
    expect(canUndo(h)).toBe(false);
    expect(run(h, { type: 'undo' })).toBe(h);
  });

  it('[H2] a new change after undo drops the redo branch', () => {
    const h = run(createHistory<Doc>({ name: 'a', n: 0 }), set({ n: 1 }), set({ n: 2 }), { type: 'undo' }, set({ n: 5 }));
    expect(h.present.n).toBe(5);
    expect(canRedo(h)).toBe(false);
    expect(run(h, { type: 'undo' }).present.n).toBe(1);
  });

  it('[H3] typing with one coalesce key is one step; a pause, another key or a seal starts a new one', () => {
    const start = createHistory<Doc>({ name: '', n: 0 });
    let h = start;
    'Plasma'.split('').forEach((_, i) => (h = run(h, set({ name: 'Plasma'.slice(0, i + 1) }, { coalesce: 'name', at: 1000 + i * 100 }))));
    expect(h.present.name).toBe('Plasma');
    expect(h.past).toHaveLength(1);
    expect(run(h, { type: 'undo' }).present.name).toBe('');
    // a pause longer than the window
    const paused = run(h, set({ name: 'Plasma!' }, { coalesce: 'name', at: 1500 + COALESCE_MS + 1 }));
    expect(paused.past).toHaveLength(2);
    // a seal (blur) ends the group even without a pause
    const sealed = run(h, { type: 'seal' }, set({ name: 'Plasma?' }, { coalesce: 'name', at: 1600 }));
    expect(sealed.past).toHaveLength(2);
    // another field's key
    const other = run(h, set({ n: 4 }, { coalesce: 'n', at: 1600 }));
    expect(other.past).toHaveLength(2);
  });

  it('[H4] keeps at least 200 steps, and at most HISTORY_LIMIT', () => {
    let h = createHistory<Doc>({ name: 'a', n: 0 });
    for (let i = 1; i <= HISTORY_LIMIT + 50; i++) h = run(h, set({ n: i }));
    expect(h.past.length).toBe(HISTORY_LIMIT);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(200);
    for (let i = 0; i < 200; i++) h = run(h, { type: 'undo' });
    expect(h.present.n).toBe(HISTORY_LIMIT + 50 - 200);
  });

  it('[H5] a change that returns the same document records nothing', () => {
    const h = createHistory<Doc>({ name: 'a', n: 0 });
    expect(run(h, { type: 'apply', update: (d) => d })).toBe(h);
  });

  it('[H6] a replacement from elsewhere changes the present without an undo step', () => {
    const h = run(createHistory<Doc>({ name: 'a', n: 0 }), set({ n: 1 }), { type: 'replace', doc: { name: 'b', n: 9 } });
    expect(h.present).toEqual({ name: 'b', n: 9 });
    expect(h.past).toHaveLength(1);
  });

  it('[H7] loading another document starts history over', () => {
    const h = run(createHistory<Doc>({ name: 'a', n: 0 }), set({ n: 1 }), { type: 'load', doc: { name: 'z', n: 0 } });
    expect(canUndo(h)).toBe(false);
    expect(h.present.name).toBe('z');
  });

  it('[H8] the reducer never changes the state it is given', () => {
    const h = Object.freeze(createHistory<Doc>(Object.freeze({ name: 'a', n: 0 })));
    expect(() => run(h, set({ n: 1 }), { type: 'undo' }, { type: 'redo' }, { type: 'seal' })).not.toThrow();
  });
});
