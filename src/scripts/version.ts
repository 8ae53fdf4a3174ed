// Polls for a new build and shows the notice. Never reloads by itself.
import { $versionNotice, checkForUpdate, DEFAULT_POLL_MS } from '../stores/version';
import { BASE, stripBase } from '../config/base';
import { onPage } from './lifecycle';

import { runningBuild } from '../db/running-build';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
const pollMs = Number(meta('nucleus-version-poll')) || DEFAULT_POLL_MS;
let lastCheck = Date.now();

async function check(): Promise<void> {
  if ($versionNotice.get()) return;
  lastCheck = Date.now();
  const build = await runningBuild();
  if (!build) return;
  const notice = await checkForUpdate({
    buildId: build.id,
    pageHash: meta('nucleus-page'),
    path: stripBase(location.pathname).replace(/\/$/, '') || '/',
    root: BASE.endsWith('/') ? BASE : BASE + '/',
    fetch: (u, i) => fetch(u, i),
  });
  if (notice) $versionNotice.set(notice);
}

const showNotice = (notice: ReturnType<typeof $versionNotice.get>) => {
  const box = document.querySelector<HTMLElement>('[data-version-notice]');
  if (!box) return;
  box.hidden = !notice;
  const text = box.querySelector('[data-version-text]');
  if (text && notice) {
    text.textContent =
      'A new version of Nucleus is available.' +
      (notice.pageChanged === true ? ' This page has changed.' : notice.pageChanged === false ? ' This page is unchanged.' : '');
  }
};
$versionNotice.subscribe(showNotice);

onPage(() => {
  const box = document.querySelector<HTMLElement>('[data-version-notice]');
  showNotice($versionNotice.get());
  box?.querySelector('[data-version-reload]')?.addEventListener('click', () => {
    // A waiting service worker takes over first, so the reload gets the new build.
    const waiting = (window as Window & { __nucleusWaitingWorker?: ServiceWorker }).__nucleusWaitingWorker;
    if (waiting && 'serviceWorker' in navigator) {
      navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());
      waiting.postMessage({ type: 'SKIP_WAITING' });
      window.setTimeout(() => location.reload(), 3000);
    } else {
      location.reload();
    }
  });
  box?.querySelector('[data-version-dismiss]')?.addEventListener('click', () => {
    if (box) box.hidden = true;
  });
});

window.setInterval(check, pollMs);
// Back after a long absence: check at once.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && Date.now() - lastCheck > Math.min(pollMs, 10 * 60 * 1000)) void check();
});
// A test or an embedding page can ask for a check now.
window.addEventListener('nucleus:check-version', () => void check());
