import { useCallback, useEffect } from 'react';
import type { HistoryAction } from './history';
import { historyShortcut } from './keyboard';

/**
 * Undo and redo for an open document, by its buttons and by the keyboard
 * anywhere on the page (not inside a dialog, not on a read-only document).
 */
export function useUndoRedo<D>(dispatch: (action: HistoryAction<D>) => void, readOnly: boolean) {
  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const which = historyShortcut(e);
      if (!which || readOnly) return;
      // Inside a dialog the shortcut belongs to the dialog's own fields.
      if ((e.target as Element | null)?.closest?.('dialog')) return;
      e.preventDefault();
      if (which === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, readOnly]);
  return { undo, redo };
}
