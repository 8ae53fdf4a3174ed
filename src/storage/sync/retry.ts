/**
 * C6 (../sync.ts) The cloud can be unreachable while the browser says it is
 * online (a Firestore outage, a captive portal, a blocked host): no
 * `online` event will come, so a run that met the cloud offline is tried
 * again on a schedule of its own, 1, 2, 4 … up to 30 s apart, until the
 * cloud answers. Without this the edit would wait until the next keystroke.
 */

/** The first wait, and the longest. */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/** The wait before retry number `attempt` (0 first): doubles from 1 s, never over 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** One pending retry at a time, each wait longer than the last until the cloud answers. */
export class RetrySchedule {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly retry: () => void) {}

  /** The cloud did not answer (the browser online): the next try, after the next wait. Returns that wait. */
  failed(): number {
    this.cancel();
    const wait = retryDelay(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.retry();
    }, wait);
    return wait;
  }

  /** The cloud answered, the browser's own events took over, or sync stopped: no retry, and the next wait is 1 s again. */
  reset(): void {
    this.cancel();
    this.attempt = 0;
  }

  /** A retry is waiting. */
  get pending(): boolean {
    return this.timer !== null;
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
