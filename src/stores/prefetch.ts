/**
 * Link prefetch with at most 4 requests in flight (SPEC §9): a queue, each
 * URL fetched once per page; hovered links jump the queue. And when links
 * in view are worth fetching before anyone points at them (prefetchPolicy).
 */
export const MAX_PRELOADS = 4;

/** Pages a view may prefetch because their links came into view: a page prefetched and never read is paid for. */
export const MAX_IN_VIEW_PAGES = 8;

/** Narrower than this (the site's md breakpoint), a screen is a phone's or a tablet's. */
export const WIDE_SCREEN_PX = 1024;

/** Connections (`navigator.connection.effectiveType`) too slow to spend on pages nobody asked for. */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

/** What the page knows of the reader's screen and connection. */
export interface ReadingConditions {
  /** The window's width in CSS pixels. */
  width: number;
  /** The reader asked for less data (Save-Data). */
  saveData?: boolean;
  /** The Network Information API's estimate, when the browser has one. */
  effectiveType?: string;
}

/**
 * How many pages a view may prefetch for links in view: none on a phone or
 * tablet, with Save-Data or on a connection below 4g (a link is then fetched
 * only once it is touched, hovered or focused: someone is about to open it);
 * at most MAX_IN_VIEW_PAGES on a wide screen with a fast connection. A
 * browser without the connection estimate is taken at its screen's word.
 */
export function inViewPrefetchBudget(reader: ReadingConditions): number {
  if (reader.width < WIDE_SCREEN_PX || reader.saveData) return 0;
  if (reader.effectiveType && SLOW_CONNECTIONS.has(reader.effectiveType)) return 0;
  return MAX_IN_VIEW_PAGES;
}

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
