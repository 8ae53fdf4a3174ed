// Wires the header's colour-mode toggle to the store. The first paint is set
// by the inline script in <head>, so there is no flash of the wrong theme.
import { $colorMode, $forcedMode, toggleColorMode, type ColorMode } from '../stores/colorMode';

const root = document.documentElement;
const forced = root.dataset.forced as ColorMode | undefined;
$forcedMode.set(forced === 'dark' || forced === 'light' ? forced : null);

$colorMode.subscribe((mode) => {
  root.dataset.theme = mode;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    button.setAttribute('aria-pressed', String(mode === 'light'));
    const label = button.querySelector('[data-theme-label]');
    if (label && !forced) label.textContent = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  }
});

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
  button.addEventListener('click', () => toggleColorMode());
}
