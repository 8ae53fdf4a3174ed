/**
 * Mounts the search dialog in the header's search slot, on first use
 * (src/components/search/button.ts). `flushSync` renders and runs its effects
 * at once, so its shortcut listener is there when this returns.
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import SearchDialog, { warm } from './SearchDialog';

/** Starts loading the index before the dialog is mounted (the header's button was focused or pointed at). */
export const warmSearch = warm;

export function mountSearch(slot: HTMLElement): void {
  const root = createRoot(slot);
  flushSync(() => root.render(<SearchDialog />));
}
