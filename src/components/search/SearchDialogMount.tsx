/**
 * Mounts the search dialog in the header's search slot, on first use
 * (src/components/search/button.ts). `flushSync` renders and runs its effects
 * at once, so its shortcut listener is there when this returns.
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import SearchDialog from './SearchDialog';

export function mountSearch(slot: HTMLElement): void {
  const root = createRoot(slot);
  flushSync(() => root.render(<SearchDialog />));
}
