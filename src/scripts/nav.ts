// The navigation drawer below md (1024 px); the table of contents is toc.ts.
import { onPage } from './lifecycle';

const root = document.documentElement;
const narrow = window.matchMedia('(max-width: 1023.98px)');
const toggle = () => document.querySelector<HTMLButtonElement>('[data-nav-toggle]');
const drawer = () => document.getElementById('site-nav');

function setOpen(open: boolean, focusBack = true): void {
  const t = toggle();
  const d = drawer();
  if (!t || !d) return;
  root.toggleAttribute('data-nav-open', open);
  t.setAttribute('aria-expanded', String(open));
  if (narrow.matches) d.toggleAttribute('inert', !open);
  // The first link, not the close button before it: opening the menu is for going somewhere.
  if (open) d.querySelector<HTMLElement>('a[href], summary')?.focus();
  else if (focusBack) t.focus();
}

function syncInert(): void {
  const d = drawer();
  if (!d) return;
  const open = root.hasAttribute('data-nav-open');
  d.toggleAttribute('inert', narrow.matches && !open);
  if (!narrow.matches && open) setOpen(false, false);
}

// Global listeners, once.
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && root.hasAttribute('data-nav-open')) setOpen(false);
  const d = drawer();
  // Keep Tab inside the open drawer.
  if (!d || e.key !== 'Tab' || !root.hasAttribute('data-nav-open') || !narrow.matches) return;
  const items = [...d.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary')].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last?.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first?.focus();
  }
});
narrow.addEventListener('change', syncInert);
document.addEventListener('astro:before-swap', () => root.removeAttribute('data-nav-open'));

onPage(() => {
  toggle()?.addEventListener('click', () => setOpen(!root.hasAttribute('data-nav-open')));
  document.querySelector<HTMLElement>('[data-nav-scrim]')?.addEventListener('click', () => setOpen(false));
  document.querySelector<HTMLElement>('[data-nav-close]')?.addEventListener('click', () => setOpen(false));
  syncInert();
});
