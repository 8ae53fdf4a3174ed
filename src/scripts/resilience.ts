// A lazily loaded piece that fails to load, and that no code handles, reloads
// the page once; a second failure on the same path within 10 s, or any while
// offline (a reload cannot fetch it either), shows the error in place instead.
// A failure its importer handles (the sign-in form says the service is
// unavailable) is left to that importer and never reloads.
import { $appError, isChunkLoadError, shouldReloadAfterChunkError } from '../stores/app';

function storage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

function showInPlace(message: string): void {
  $appError.set({ statusCode: 500, message });
  const url = /(https?:\/\/\S+?\.js|\/[^\s'"]+\.js)/.exec(message)?.[1];
  // Astro's islands, and the editor, which mounts itself (src/editors/mount.ts).
  let islands = [...document.querySelectorAll<HTMLElement>('astro-island, [data-editor-mount]')];
  if (url) {
    const matching = islands.filter((el) => {
      const c = el.getAttribute('component-url') ?? '';
      const r = el.getAttribute('renderer-url') ?? '';
      return (c && url.endsWith(c.replace(/^\.?\//, ''))) || (r && url.endsWith(r.replace(/^\.?\//, '')));
    });
    if (matching.length) islands = matching;
  }
  const targets = islands.filter((el) => !el.hasAttribute('ssr') || el.childElementCount === 0 || !el.querySelector('.island-error'));
  for (const el of targets.length ? targets : []) {
    el.innerHTML =
      '<section class="island-error" role="alert" data-error-status="500"><p class="island-error-title">This part of the page could not load.</p>' +
      '<p class="island-error-more">The rest still works; check your connection and reload.</p></section>';
  }
  document.documentElement.dataset.appError = '500';
}

function onChunkError(reason: unknown): void {
  if (!isChunkLoadError(reason)) return;
  const path = location.pathname;
  if (navigator.onLine !== false && shouldReloadAfterChunkError(path, storage())) {
    location.reload();
  } else {
    showInPlace(reason instanceof Error ? reason.message : String(reason));
  }
}

// Astro catches an island's failed import and only logs it; the inline head
// script of Base.astro records those logs so none is missed before this runs.
type IslandFailure = { url: string; error: unknown };
const w = window as Window & { __nucleusIslandErrors?: IslandFailure[] };
function onIslandFailure({ url, error }: IslandFailure): void {
  if (isChunkLoadError(error)) onChunkError(error);
  else if (url) showInPlace(`${url}: ${error instanceof Error ? error.message : String(error)}`);
}
for (const failure of w.__nucleusIslandErrors ?? []) onIslandFailure(failure);
window.addEventListener('nucleus:island-error', (e) => onIslandFailure((e as CustomEvent<IslandFailure>).detail));
// Vite announces a failed dynamic import before its importer hears of it.
// Cancelling the event would make the import resolve with `undefined`, so it
// is left alone: the importer's promise rejects, and if nothing catches that,
// the `unhandledrejection` the inline head script records brings it here.
window.addEventListener(
  'error',
  (e) => {
    const target = e.target as HTMLElement | null;
    if (target && target.tagName === 'SCRIPT' && (target as HTMLScriptElement).type === 'module') {
      onChunkError(new Error(`Failed to fetch dynamically imported module: ${(target as HTMLScriptElement).src}`));
    }
  },
  true,
);
