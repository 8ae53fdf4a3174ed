// Wires the header's colour-mode toggle to the store. The first paint is set
// by the inline script in <head>; on client navigation the next page's root
// gets the right theme before it is swapped in, so there is never a flash.
import { $colorMode, $forcedMode, $preferredMode, followSystemMode, toggleColorMode, type ColorMode } from '../stores/colorMode';
import { onPage } from './lifecycle';

const root = document.documentElement;
const asMode = (v: string | undefined): ColorMode | null => (v === 'dark' || v === 'light' ? v : null);

function paint(mode: ColorMode): void {
  root.dataset.theme = mode;
  // From the page, not the store: the first paint runs before the page hook sets the store.
  const forced = asMode(root.dataset.forced);
  // The name says what a press does: the mode it switches to (issue 25).
  const action = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    const label = button.querySelector('[data-theme-label]');
    if (label && !forced) label.textContent = action;
    if (!forced) button.title = action;
  }
}

$colorMode.subscribe(paint);
followSystemMode();

document.addEventListener('astro:before-swap', (event) => {
  const next = (event as Event & { newDocument: Document }).newDocument.documentElement;
  next.dataset.theme = asMode(next.dataset.forced) ?? $preferredMode.get();
  next.classList.add('js');
});

onPage(() => {
  $forcedMode.set(asMode(root.dataset.forced));
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    button.addEventListener('click', () => toggleColorMode());
  }
  paint($colorMode.get());
});
