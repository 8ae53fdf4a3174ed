/**
 * Link prefetch with at most 4 requests in flight (SPEC §9): a queue, each
 * URL fetched once per page; hovered links jump the queue.
 */
export const MAX_PRELOADS = 4;

export interface PrefetchQueue {
  /** Queue a URL (`urgent`: a hovered link goes first). */
  add(url: string, urgent?: boolean): void;
  /** URLs fetched or in flight. */
  readonly seen: ReadonlySet<string>;
  /** Requests in flight now. */
  readonly active: number;
  /** Resolves when the queue is empty and nothing is in flight. */
  idle(): Promise<void>;
}

export function createPrefetchQueue(load: (url: string) => Promise<unknown>, max = MAX_PRELOADS): PrefetchQueue {
  const waiting: string[] = [];
  const seen = new Set<string>();
  let active = 0;
  let idleWaiters: (() => void)[] = [];

  const pump = () => {
    while (active < max && waiting.length > 0) {
      const url = waiting.shift()!;
      active++;
      load(url)
        .catch(() => {
          // A failed prefetch costs nothing: the real navigation will try again.
        })
        .finally(() => {
          active--;
          pump();
        });
    }
    if (active === 0 && waiting.length === 0) {
      const w = idleWaiters;
      idleWaiters = [];
      for (const resolve of w) resolve();
    }
  };

  return {
    add(url, urgent = false) {
      if (seen.has(url)) {
        // Already queued: a hover moves it to the front.
        const i = waiting.indexOf(url);
        if (urgent && i > 0) {
          waiting.splice(i, 1);
          waiting.unshift(url);
        }
        return;
      }
      seen.add(url);
      if (urgent) waiting.unshift(url);
      else waiting.push(url);
      pump();
    },
    get seen() {
      return seen;
    },
    get active() {
      return active;
    },
    idle() {
      if (active === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
