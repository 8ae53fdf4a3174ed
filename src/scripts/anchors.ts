// Each heading's "#" link, for copying a link to its section. Written here,
// not in the HTML: it was about 1 KB of a page with eight headings (5 MB of a
// 5,000-page site), and it is only a pointer's affordance (hidden from screen
// readers, out of the tab order). The heading ids stay in the HTML, so a link
// to a #fragment works with JavaScript off.
import { onPage } from './lifecycle';

/** Gives every heading with an id in the page's text its link (once). */
export function addAnchors(): void {
  for (const h of document.querySelectorAll<HTMLElement>('.prose :is(h1, h2, h3, h4, h5, h6)[id]')) {
    if (h.lastElementChild?.matches('.heading-anchor')) continue;
    const a = document.createElement('a');
    a.className = 'heading-anchor';
    a.href = `#${h.id}`;
    a.setAttribute('aria-hidden', 'true');
    a.tabIndex = -1;
    a.textContent = '#';
    h.append(a);
  }
}

onPage(addAnchors);
// Preview mode renders the body again from the database (page-data.ts).
document.addEventListener('nucleus:page-rendered', addAnchors);
