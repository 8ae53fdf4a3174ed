// The navigation drawer below md (1024 px) and the table of contents' state.
const root = document.documentElement;
const toggle = document.querySelector<HTMLButtonElement>('[data-nav-toggle]');
const drawer = document.getElementById('site-nav');
const scrim = document.querySelector<HTMLElement>('[data-nav-scrim]');
const narrow = window.matchMedia('(max-width: 1023.98px)');

function setOpen(open: boolean, focusBack = true): void {
  if (!toggle || !drawer) return;
  root.toggleAttribute('data-nav-open', open);
  toggle.setAttribute('aria-expanded', String(open));
  if (narrow.matches) drawer.toggleAttribute('inert', !open);
  if (open) {
    drawer.querySelector<HTMLElement>('a, button, summary')?.focus();
  } else if (focusBack) {
    toggle.focus();
  }
}

function syncInert(): void {
  if (!drawer) return;
  const open = root.hasAttribute('data-nav-open');
  drawer.toggleAttribute('inert', narrow.matches && !open);
  if (!narrow.matches && open) setOpen(false, false);
}

toggle?.addEventListener('click', () => setOpen(!root.hasAttribute('data-nav-open')));
scrim?.addEventListener('click', () => setOpen(false));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && root.hasAttribute('data-nav-open')) setOpen(false);
});
drawer?.addEventListener('keydown', (e) => {
  // Keep Tab inside the open drawer.
  if (e.key !== 'Tab' || !root.hasAttribute('data-nav-open') || !narrow.matches) return;
  const items = [...drawer.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary')].filter((el) => el.offsetParent !== null);
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
syncInert();

// Table of contents: open as a column from lg, collapsed above the content below.
const toc = document.querySelector<HTMLDetailsElement>('[data-toc]');
const wide = window.matchMedia('(min-width: 1440px)');
function syncToc(): void {
  if (toc) toc.open = wide.matches;
}
wide.addEventListener('change', syncToc);
syncToc();

// Highlight the heading in view.
const links = new Map<string, HTMLAnchorElement>();
for (const a of document.querySelectorAll<HTMLAnchorElement>('[data-toc] a[href^="#"]')) {
  links.set(decodeURIComponent(a.hash.slice(1)), a);
}
if (links.size > 0 && 'IntersectionObserver' in window) {
  const headings = [...links.keys()].map((id) => document.getElementById(id)).filter((h): h is HTMLElement => !!h);
  const visible = new Set<string>();
  const mark = () => {
    const current = headings.find((h) => visible.has(h.id)) ?? null;
    for (const [id, a] of links) {
      if (current && id === current.id) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target.id);
        else visible.delete(entry.target.id);
      }
      mark();
    },
    { rootMargin: '-64px 0px -55% 0px' },
  );
  for (const h of headings) observer.observe(h);
}
