/**
 * The site's inline scripts, each one text for the whole build: the
 * Content-Security-Policy allows inline code only by its SHA-256 hash
 * (src/security/policy.ts), so no script carries a per-page value in its
 * text. A page hands a script its values in `data-` attributes on the
 * script element (`document.currentScript`), which the client router copies
 * when it runs the script again after a navigation.
 *
 * Render one with `<script is:inline set:html={…} />`; `INLINE_SCRIPTS`
 * lists them all for the policy.
 */
import { decideGuard } from '../auth/guard';
import { SIGNED_IN_HINT_KEY, REDIRECT_PENDING_KEY } from '../auth/hint';
import { BASE } from '../config/base';
import { transformSync } from 'esbuild';

const base = JSON.stringify(BASE.replace(/\/$/, ''));

/**
 * A script's text as every page carries it: without its comment lines and
 * indentation (the comments stay here, for the reader of this file). Every
 * page carries THEME_BOOT: its comments were about 0.8 KB of each page, 4 MB
 * of a 5,000-page site. Only whole lines that start with `//` are dropped,
 * so a `//` inside a string or a URL stays.
 */
export function compact(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce((out, part, i) => out + part + (i < values.length ? String(values[i]) : ''), '');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n');
}

/**
 * A script as every page carries it: minified (names shortened, spaces
 * dropped), at build time only. THEME_BOOT is in every page's <head>; without
 * its comments it was still 1.7 KB a page, 8.5 MB of a 5,000-page site, and
 * half of that was names and indentation. It stays inline: as a file it would
 * cost a request before first paint, or a flash of the wrong colour mode.
 */
export function minified(code: string): string {
  return transformSync(code, { minify: true, target: 'es2017' }).code.trim();
}

/** Before first paint (Base.astro's <head>): the colour mode, the island-error record, the popstate hook. */
export const THEME_BOOT = minified(compact`(function () {
  // Before first paint: the forced mode, else the stored choice, else the system's.
  // w rather than window: the minifier shortens a local name, not a global.
  var w = window;
  var r = document.documentElement;
  var m = r.dataset.forced;
  if (!m) {
    try { m = localStorage.getItem('nucleus:color-mode'); } catch (e) {}
  }
  if (m !== 'light' && m !== 'dark') m = w.matchMedia && w.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  r.dataset.theme = m;
  r.classList.add('js');
  // Search shortcuts from the first moment (issue 25): the search button's
  // module (src/components/search/button.ts) opens search for a queued one;
  // once the dialog is mounted it handles its shortcuts itself.
  if (!w.__nucleusSearchKeys) {
    w.__nucleusSearchKeys = true;
    w.addEventListener('keydown', function (e) {
      if (w.__nucleusSearchHandled || e.defaultPrevented) return;
      var t = e.target || {};
      var typing = t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName || '');
      var key = (e.key || '').toLowerCase();
      if (((e.ctrlKey || e.metaKey) && key === 'k') || (key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing)) {
        e.preventDefault();
        w.__nucleusSearchQueued = true;
        w.dispatchEvent(new Event('nucleus:search-key'));
      }
    });
  }
  // Astro logs an island that failed to load instead of throwing:
  // record it for scripts/resilience.ts (reload once, or show the error).
  // A failed dynamic import may also surface as an unhandled rejection,
  // possibly before any module script has run: record both from here.
  var list = (w.__nucleusIslandErrors = []);
  var report = function (url, err) {
    var f = { url: url, error: err };
    list.push(f);
    w.dispatchEvent(new CustomEvent('nucleus:island-error', { detail: f }));
  };
  var log = console.error;
  console.error = function (msg, err) {
    if (typeof msg === 'string' && msg.indexOf('[astro-island] Error hydrating') === 0) report(msg.slice(31), err);
    return log.apply(console, arguments);
  };
  w.addEventListener('unhandledrejection', function (e) { report('', e.reason); });
  // Back/forward between one page's own views (an editor's list and document):
  // handlers here run before Astro's router, which would swap the whole page;
  // one that returns true has shown the entry itself and keeps the event.
  var pop = (w.__nucleusPopFirst = w.__nucleusPopFirst || []);
  if (!w.__nucleusPopHooked) {
    w.__nucleusPopHooked = true;
    w.addEventListener('popstate', function (e) {
      for (var i = 0; i < pop.length; i++) if (pop[i](e)) return e.stopImmediatePropagation();
    });
  }
})();`);

/**
 * A guarded page's first step (GuardMount.astro), before its content is
 * parsed: the local "signed in" hint decides at once; `data-guards` on the
 * script names the page's guards.
 */
export const GUARD_BOOT = `(function () {
  var decideGuard = ${decideGuard.toString()};
  var guards = (document.currentScript.dataset.guards || '').split(' ').filter(Boolean);
  var base = ${base};
  var hint = false;
  try {
    hint = localStorage.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)}) === '1' || sessionStorage.getItem(${JSON.stringify(REDIRECT_PENDING_KEY)}) === '1';
  } catch (e) {}
  var path = location.pathname;
  if (base && (path === base || path.indexOf(base + '/') === 0)) path = path.slice(base.length) || '/';
  if (path.length > 1) path = path.replace(/\\/+$/, '');
  var d = decideGuard(guards, hint ? 'signed-in' : 'signed-out', path + location.search);
  if (d.action === 'redirect') {
    document.documentElement.dataset.guardPending = 'true';
    location.replace(base + d.to);
  }
})();`;

/** A redirect page (RedirectPage.astro): goes to `data-to`, keeping the fragment. */
export const REDIRECT = `location.replace(document.currentScript.dataset.to + location.hash);`;

/** The 404 page: names the missing path ('Page Not Found: …' when it could never be a page). */
export const NOT_FOUND_PATH = `(function () {
  var b = ${base};
  var p = location.pathname;
  if (b && p.indexOf(b) === 0) p = p.slice(b.length) || '/';
  try { p = decodeURIComponent(p); } catch (e) {}
  var valid = p === '/' || /^(\\/[a-z0-9-]+)+\\/?$/.test(p);
  var el = document.querySelector('[data-error-description]');
  if (el) el.textContent = (valid ? 'Page not found: ' : 'Page Not Found: ') + p;
})();`;

/** The offline page: lists the pages the service worker's caches hold. */
export const OFFLINE_LIST = `(async function () {
  document.querySelector('[data-retry]').addEventListener('click', function () { location.reload(); });
  if (!('caches' in window)) return;
  var list = document.querySelector('[data-offline-list]');
  var seen = new Set();
  var items = [];
  var names = await caches.keys();
  for (var n of names) {
    var cache = await caches.open(n);
    for (var req of await cache.keys()) {
      var url = new URL(req.url);
      if (url.origin !== location.origin) continue;
      var path = url.pathname.replace(/index\\.html$/, '').replace(/\\/$/, '') || '/';
      if (/\\.[a-z0-9]+$/i.test(path) || /\\/offline$/.test(path) || seen.has(path)) continue;
      seen.add(path);
      var title = path;
      try {
        var text = await (await cache.match(req)).text();
        var m = /<title>([^<]*)<\\/title>/.exec(text);
        if (m) title = m[1].replace(/ · Nucleus$/, '').replace(/&amp;/g, '&');
      } catch (e) {}
      items.push({ path: path, title: title });
    }
  }
  if (!items.length) return;
  items.sort(function (a, b) { return a.path < b.path ? -1 : 1; });
  list.innerHTML = '';
  for (var it of items) {
    var li = document.createElement('li');
    var a = document.createElement('a');
    a.href = it.path;
    a.textContent = it.title;
    li.appendChild(a);
    list.appendChild(li);
  }
})();`;

/** Every inline script the site's own components write. */
export const INLINE_SCRIPTS: readonly string[] = [THEME_BOOT, GUARD_BOOT, REDIRECT, NOT_FOUND_PATH, OFFLINE_LIST];
