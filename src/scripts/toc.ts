// The table of contents: open as a column from 1280 px (folded above the
// content below that), and the section being read marked (toc-section.ts).
import { onPage } from './lifecycle';
import { sectionAt } from './toc-section';

const column = window.matchMedia('(min-width: 1280px)');

function syncOpen(): void {
  const toc = document.querySelector<HTMLDetailsElement>('[data-toc]');
  if (toc) toc.open = column.matches;
}
column.addEventListener('change', syncOpen);

let links: HTMLAnchorElement[] = [];
let headings: HTMLElement[] = [];
let frame = 0;

function mark(): void {
  frame = 0;
  if (headings.length === 0) return;
  const doc = document.documentElement;
  const atBottom = window.scrollY + window.innerHeight >= doc.scrollHeight - 2;
  // The reading line: a quarter down the screen, below the sticky header.
  const line = Math.min(window.innerHeight * 0.25 + 64, window.innerHeight);
  const i = sectionAt(
    headings.map((h) => h.getBoundingClientRect().top),
    line,
    atBottom,
    window.innerHeight,
  );
  const current = i >= 0 ? headings[i]!.id : null;
  for (const a of links) {
    if (decodeURIComponent(a.hash.slice(1)) === current) a.setAttribute('aria-current', 'true');
    else a.removeAttribute('aria-current');
  }
}

const schedule = () => {
  if (!frame) frame = requestAnimationFrame(mark);
};
window.addEventListener('scroll', schedule, { passive: true });
window.addEventListener('resize', schedule, { passive: true });

/** Reads the page's entries again (a page load, or preview mode's re-render). */
export function watchToc(): void {
  syncOpen();
  links = [...document.querySelectorAll<HTMLAnchorElement>('[data-toc] a[href^="#"]')];
  headings = links
    .map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))))
    .filter((h): h is HTMLElement => !!h);
  mark();
}

onPage(watchToc);
document.addEventListener('nucleus:page-rendered', watchToc);
