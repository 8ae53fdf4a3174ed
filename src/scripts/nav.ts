// The navigation drawer below md (1024 px) and the table of contents' state.
import { onPage } from './lifecycle';

const root = document.documentElement;
const narrow = window.matchMedia('(max-width: 1023.98px)');
const wide = window.matchMedia('(min-width: 1440px)');
const toggle = () => document.querySelector<HTMLButtonElement>('[data-nav-toggle]');
const drawer = () => document.getElementById('site-nav');

function setOpen(open: boolean, focusBack = true): void {
  const t = toggle();
  const d = drawer();
  if (!t || !d) return;
  root.toggleAttribute('data-nav-open', open);
  t.setAttribute('aria-expanded', String(open));
  if (narrow.matches) d.toggleAttribute('inert', !open);
  if (open) d.querySelector<HTMLElement>('a, button, summary')?.focus();
  else if (focusBack) t.focus();
}

function syncInert(): void {
  const d = drawer();
  if (!d) return;
  const open = root.hasAttribute('data-nav-open');
  d.toggleAttribute('inert', narrow.matches && !open);
  if (!narrow.matches && open) setOpen(false, false);
}

function syncToc(): void {
  const toc = document.querySelector<HTMLDetailsElement>('[data-toc]');
  if (toc) toc.open = wide.matches;
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
wide.addEventListener('change', syncToc);
document.addEventListener('astro:before-swap', () => root.removeAttribute('data-nav-open'));

let observer: IntersectionObserver | null = null;

onPage(() => {
  toggle()?.addEventListener('click', () => setOpen(!root.hasAttribute('data-nav-open')));
  document.querySelector<HTMLElement>('[data-nav-scrim]')?.addEventListener('click', () => setOpen(false));
  syncInert();
  syncToc();

  // Highlight the heading in view.
  observer?.disconnect();
  const links = new Map<string, HTMLAnchorElement>();
  for (const a of document.querySelectorAll<HTMLAnchorElement>('[data-toc] a[href^="#"]')) links.set(decodeURIComponent(a.hash.slice(1)), a);
  if (links.size === 0 || !('IntersectionObserver' in window)) return;
  const headings = [...links.keys()].map((id) => document.getElementById(id)).filter((h): h is HTMLElement => !!h);
  const visible = new Set<string>();
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target.id);
        else visible.delete(entry.target.id);
      }
      const current = headings.find((h) => visible.has(h.id)) ?? null;
      for (const [id, a] of links) {
        if (current && id === current.id) a.setAttribute('aria-current', 'true');
        else a.removeAttribute('aria-current');
      }
    },
    { rootMargin: '-64px 0px -55% 0px' },
  );
  for (const h of headings) observer.observe(h);
});
