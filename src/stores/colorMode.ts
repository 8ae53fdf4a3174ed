/**
 * Colour mode: the reader's choice (remembered) and the page's forced mode.
 * A forced mode (dark routes) never changes the stored choice, so leaving the
 * page restores it (DECISIONS.md "Colour mode").
 */
import { atom, computed } from 'nanostores';

export type ColorMode = 'dark' | 'light';
export const COLOR_MODE_KEY = 'nucleus:color-mode';

function readStored(): ColorMode {
  try {
    const v = localStorage.getItem(COLOR_MODE_KEY);
    return v === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** The reader's choice. Dark first. */
export const $preferredMode = atom<ColorMode>(typeof localStorage === 'undefined' ? 'dark' : readStored());

/** The page's forced mode, or null. */
export const $forcedMode = atom<ColorMode | null>(null);

/** The mode in effect. */
export const $colorMode = computed([$preferredMode, $forcedMode], (pref, forced) => forced ?? pref);

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
