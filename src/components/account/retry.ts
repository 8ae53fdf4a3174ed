/**
 * Fetching the sign-in code again while its fallback dialog is open. One try
 * on the `online` event was not enough: that fetch can fail while the network
 * or the service worker is still coming back, and the dialog then waited for
 * ever (a reader had to close it and click again). So the tries go on at
 * once, then 1, 2, 4 and 8 s after the last one ended, and every 8 s after
 * that, for as long as they are wanted (the dialog is open and the browser
 * online). The code is in every page's script (15 KB budget): hence its
 * terse shape.
 */

/**
 * A schedule of tries. `start()` tries at once and goes on after each wait
 * while `wanted()` is truthy; calling it again (the connection came back again)
 * drops the running schedule for a new one from the start, so two never
 * overlap. A try that fails (a rejected promise included) is followed by the
 * next; the schedule asks only `wanted()` whether to go on.
 */
export function retrier(attempt: () => Promise<unknown>, wanted: () => unknown): () => void {
  let run = 0;
  return () => {
    const mine = ++run;
    // `wait` doubles from 1 s up to 8 s.
    const next = (wait: number): void => {
      const later = () => setTimeout(next, wait, wait < 8000 ? wait * 2 : wait);
      if (mine === run && wanted()) void attempt().then(later, later);
    };
    next(1000);
  };
}
