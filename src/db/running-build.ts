/**
 * The build this tab runs: its id and content integrity. Pages do not carry
 * them: each loads `builds/current.js` (deferred), which sets
 * `window.__nucleusBuild`. So a content change leaves the HTML of every page
 * it did not touch the same to the byte, and hosts, CDNs, the service worker
 * and the content-only rebuild keep those pages as they are.
 *
 * The values are read once per tab, like the scripts and database the tab
 * loaded with them; a soft navigation does not change them. Browser only.
 */
export interface RunningBuild {
  /** Build id (DECISIONS.md "Build manifest"). */
  id: string;
  /** Content integrity: names the static API answers. */
  integrity: string;
}

declare global {
  interface Window {
    __nucleusBuild?: RunningBuild;
  }
}

/** The script element every page has (src/layouts/Base.astro). */
export const RUNNING_BUILD_SELECTOR = 'script[data-nucleus-build]';

let running: Promise<RunningBuild | null> | undefined;

/**
 * Resolves when `builds/current.js` has run: at once when it already has, null
 * when the page has no such script or it failed to load (the callers then do
 * without: no version check, every query on the local database).
 */
export function runningBuild(): Promise<RunningBuild | null> {
  running ??= new Promise((resolve) => {
    const done = () => resolve(window.__nucleusBuild ?? null);
    const script = document.querySelector<HTMLScriptElement>(RUNNING_BUILD_SELECTOR);
    // After `load` every deferred script has run or failed.
    if (window.__nucleusBuild || !script || document.readyState === 'complete') return done();
    script.addEventListener('load', done, { once: true });
    script.addEventListener('error', done, { once: true });
    window.addEventListener('load', done, { once: true });
  });
  return running;
}
