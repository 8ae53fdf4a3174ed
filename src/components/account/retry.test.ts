import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retrier } from './retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A fake fetch of the sign-in code: fails `failures` times, then loads (and the dialog closes). */
function signInCode(failures: number) {
  const at: number[] = [];
  let open = true;
  const attempt = async () => {
    at.push(Date.now());
    if (at.length > failures) open = false;
    else throw new Error('Failed to fetch dynamically imported module');
  };
  return { at, attempt, isOpen: () => open, close: () => (open = false) };
}

describe('retrying the sign-in code while its fallback dialog is open', () => {
  it('tries at once, then 1, 2, 4 and 8 s after each failed try, then every 8 s, until the code loads', async () => {
    const code = signInCode(7);
    const t0 = Date.now();
    retrier(code.attempt, code.isOpen)();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(code.at.map((t) => t - t0)).toEqual([0, 1000, 3000, 7000, 15000, 23000, 31000, 39000]);
    expect(code.isOpen()).toBe(false);
  });

  it('stops when the dialog is closed, and a new start runs one schedule, not two', async () => {
    const code = signInCode(Infinity);
    const start = retrier(code.attempt, code.isOpen);
    const t0 = Date.now();
    start();
    await vi.advanceTimersByTimeAsync(1500);
    start();
    await vi.advanceTimersByTimeAsync(1600);
    // 0 and 1000 from the first schedule; 1500 and 2500 from the second, which replaced it (the first's 3000 is dropped).
    expect(code.at.map((t) => t - t0)).toEqual([0, 1000, 1500, 2500]);
    code.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(code.at).toHaveLength(4);
  });

  it('does not try while it is not wanted (offline, or the dialog already closed)', async () => {
    const code = signInCode(0);
    code.close();
    retrier(code.attempt, code.isOpen)();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(code.at).toEqual([]);
  });
});
