// Checks for a new build and shows the notice; loaded by scripts/version.ts
// when the first check is due or a new service worker waits. Never reloads by itself.
import { $versionNotice, checkForUpdate } from '../stores/version';
import { SITE_ROOT as root, stripBase } from '../config/base';
import { onPage } from './lifecycle';

import { runningBuild } from '../db/running-build';
import { PAGES_CACHE } from '../config/offline';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;

export async function check(): Promise<void> {
  // A notice that already says whether this page changed stays as it is; one
  // raised by a waiting service worker (it cannot tell) is completed.
  const shown = $versionNotice.get();
  if (shown && shown.pageChanged !== null) return;
  const build = await runningBuild();
  if (!build) return;
  const notice = await checkForUpdate({
    buildId: build.id,
    pageHash: meta('nucleus-page'),
    path: stripBase(location.pathname).replace(/\/$/, '') || '/',
    root,
    fetch: (u, i) => fetch(u, i),
  });
  if (notice) $versionNotice.set(notice);
}

/** Resolves when the registration's installing worker (if any) is installed or gone, or after `ms`. */
function installed(reg: ServiceWorkerRegistration, ms: number): Promise<void> {
  const worker = reg.installing;
  if (!worker) return Promise.resolve();
  return new Promise((done) => {
    const timer = window.setTimeout(done, ms);
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installing') {
        window.clearTimeout(timer);
        done();
      }
    });
  });
}

/**
 * Reloads into the new build. A plain reload would not be enough: the
 * service worker answers with the copy of this page it kept (and its own
 * build's files) until a newer worker takes over. So it first asks the
 * browser for the new worker and lets it install, refreshes this page's
 * kept copy from the network, then lets the new worker take over and
 * reloads. Offline or on any failure it still reloads.
 */
async function reloadIntoNewBuild(): Promise<void> {
  const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  let reg: ServiceWorkerRegistration | undefined;
  try {
    reg = await sw?.getRegistration(root);
    if (reg) {
      await reg.update();
      await installed(reg, 20_000);
    }
    if (sw?.controller && 'caches' in window) {
      const url = location.href.split('#')[0]!;
      const page = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
      if (page.ok && !page.redirected) await (await caches.open(PAGES_CACHE)).put(url, page);
    }
  } catch (e) {
    console.warn('[nucleus] could not fetch the new version before reloading:', e);
  }
  const waiting = reg?.waiting;
  if (waiting && sw) {
    sw.addEventListener('controllerchange', () => location.reload());
    waiting.postMessage({ type: 'SKIP_WAITING' });
    window.setTimeout(() => location.reload(), 3000);
  } else {
    location.reload();
  }
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

/** Wires this page's notice (its buttons) and shows a notice already raised. */
export function wirePage(): void {
  const box = document.querySelector<HTMLElement>('[data-version-notice]');
  showNotice($versionNotice.get());
  box?.querySelector<HTMLButtonElement>('[data-version-reload]')?.addEventListener('click', (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    button.textContent = 'Updating…';
    void reloadIntoNewBuild();
  });
  box?.querySelector('[data-version-dismiss]')?.addEventListener('click', () => {
    if (box) box.hidden = true;
  });
}

/** A new service worker waits (scripts/sw.ts): the notice, whose Reload lets it take over. */
export function offerUpdate(): void {
  if (!$versionNotice.get()) $versionNotice.set({ id: 'service-worker', pageChanged: null });
}

// This page is wired by scripts/version.ts when it loads this module; the next pages here.
onPage(wirePage);
