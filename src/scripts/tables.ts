// Wide tables and tree charts: one wider than its column scrolls inside its
// own box, and says so. The box fades at the side that has more
// (data-more="start end") and a line above it reads "Scroll sideways for more
// columns" (or the box's data-scroll-hint), so a cut-off column is never
// mistaken for the edge.
import { onPage } from './lifecycle';

const HINT = 'Scroll sideways for more columns';

function update(box: HTMLElement): void {
  const more: string[] = [];
  const max = box.scrollWidth - box.clientWidth;
  if (max > 1) {
    if (box.scrollLeft > 1) more.push('start');
    if (box.scrollLeft < max - 1) more.push('end');
  }
  if (more.length) box.dataset.more = more.join(' ');
  else delete box.dataset.more;
  let hint = box.previousElementSibling as HTMLElement | null;
  if (!hint?.matches('.table-hint')) {
    if (max <= 1) return;
    hint = document.createElement('p');
    hint.className = 'table-hint';
    // The region's own name and the table already tell a screen reader; this is for the eye.
    hint.setAttribute('aria-hidden', 'true');
    hint.textContent = box.dataset.scrollHint ?? HINT;
    box.before(hint);
  }
  hint.hidden = max <= 1;
}

let resize: ResizeObserver | null = null;

/** Watches every table box on the page (a page load, or preview mode's re-render). */
export function watchTables(): void {
  resize?.disconnect();
  resize = 'ResizeObserver' in window ? new ResizeObserver((entries) => entries.forEach((e) => update(e.target as HTMLElement))) : null;
  for (const box of document.querySelectorAll<HTMLElement>('.table-scroll, .tree-scroll')) {
    box.addEventListener('scroll', () => update(box), { passive: true });
    resize?.observe(box);
    update(box);
  }
}

onPage(watchTables);
document.addEventListener('nucleus:page-rendered', watchTables);
