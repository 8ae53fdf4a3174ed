/**
 * Colour mode: the reader's choice (remembered) and the page's forced mode.
 * A forced mode (dark routes) never changes the stored choice, so leaving the
 * page restores it (DECISIONS.md "Colour mode").
 */
import { atom } from 'nanostores';

export type ColorMode = 'dark' | 'light';
export const COLOR_MODE_KEY = 'nucleus:color-mode';

function readStored(): ColorMode | null {
  try {
    const v = localStorage.getItem(COLOR_MODE_KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The system's preference (dark where it cannot be asked). */
export function systemMode(): ColorMode {
  return typeof matchMedia === 'function' && matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark';
}

/** The reader's choice, else the system's preference (issue 25). */
export const $preferredMode = atom<ColorMode>(typeof localStorage === 'undefined' ? 'dark' : (readStored() ?? systemMode()));

/** With nothing stored, the mode follows the system's when it changes. */
export function followSystemMode(): void {
  if (typeof matchMedia !== 'function') return;
  matchMedia(LIGHT_QUERY).addEventListener('change', () => {
    if (!readStored()) $preferredMode.set(systemMode());
  });
}

/** The page's forced mode, or null. */
export const $forcedMode = atom<ColorMode | null>(null);

/**
 * The mode in effect: the forced one, else the reader's. Kept by hand rather
 * than with nanostores' `computed`, which would add its code to every page.
 */
export const $colorMode = atom<ColorMode>($preferredMode.get());
const settle = () => $colorMode.set($forcedMode.get() ?? $preferredMode.get());
$preferredMode.listen(settle);
$forcedMode.listen(settle);

export function setPreferredMode(mode: ColorMode): void {
  $preferredMode.set(mode);
  try {
    localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Storage can be off (private mode): the choice holds for this page only.
  }
}

export function toggleColorMode(): void {
  if ($forcedMode.get()) return;
  setPreferredMode($preferredMode.get() === 'dark' ? 'light' : 'dark');
}
