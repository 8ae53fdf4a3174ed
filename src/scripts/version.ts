// When to look for a new build (issue 25: nothing of the check loads with
// the page). The check and the notice (scripts/version-notice.ts) load when
// the first check is due, when a new service worker waits, or when asked.

// DEFAULT_POLL_MS of stores/version.ts, not imported: that module loads with the check.
const DEFAULT_POLL_MS = 60 * 60 * 1000;
const meta = document.querySelector<HTMLMetaElement>('meta[name="nucleus-version-poll"]')?.content;
const pollMs = Number(meta) || DEFAULT_POLL_MS;
let lastCheck = Date.now();
let notice: Promise<typeof import('./version-notice')> | null = null;

function load(): Promise<typeof import('./version-notice')> {
  notice ??= import('./version-notice').then((m) => {
    // Its own page hook follows the next pages; this one it wires now.
    m.wirePage();
    return m;
  });
  return notice;
}

let finished = 0;

function check(): void {
  lastCheck = Date.now();
  // <html data-version-checks>: how many checks have finished, so a test can
  // await a check's outcome (a notice, or none) instead of sleeping.
  void load()
    .then((m) => m.check())
    .finally(() => (document.documentElement.dataset.versionChecks = String(++finished)));
}

window.setInterval(check, pollMs);
// Back after a long absence: check at once.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && Date.now() - lastCheck > Math.min(pollMs, 10 * 60 * 1000)) check();
});
// A test or an embedding page can ask for a check now.
window.addEventListener('nucleus:check-version', check);
// scripts/sw.ts: a new service worker waits.
window.addEventListener('nucleus:sw-waiting', () => void load().then((m) => m.offerUpdate()));
