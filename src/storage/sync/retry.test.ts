import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetrySchedule, retryDelay } from './retry';

describe('C6 a run that met the cloud offline is tried again, 1, 2, 4 … up to 30 s apart', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('the waits double from 1 s and stop growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50, 10_000].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('each failure schedules one retry after the next wait; an answer starts from 1 s again', () => {
    const retries: number[] = [];
    const schedule = new RetrySchedule(() => retries.push(Date.now()));
    const start = Date.now();
    for (const wait of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) {
      expect(schedule.failed()).toBe(wait);
      vi.advanceTimersByTime(wait - 1);
      const before = retries.length;
      vi.advanceTimersByTime(1);
      expect(retries.length).toBe(before + 1);
    }
    expect(retries.map((t) => t - start)).toEqual([1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000]);
    schedule.reset();
    expect(schedule.failed()).toBe(1_000);
  });

  it('never two retries waiting at once, and none after a reset', () => {
    const retry = vi.fn();
    const schedule = new RetrySchedule(retry);
    schedule.failed();
    schedule.failed();
    vi.advanceTimersByTime(2_000);
    expect(retry).toHaveBeenCalledTimes(1);
    schedule.failed();
    expect(schedule.pending).toBe(true);
    schedule.reset();
    expect(schedule.pending).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
