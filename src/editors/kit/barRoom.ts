/**
 * A bar fixed to the foot of a phone's screen (the summary bar, the turn
 * buttons) covers the page's last controls unless the page keeps room for
 * it. The room must follow the bar's real height, which grows when its text
 * wraps: the height goes to a CSS variable on the root element, which the
 * editor's stylesheet reserves. A hidden bar (display: none, height 0)
 * reserves nothing.
 */
import { useEffect, type DependencyList, type RefObject } from 'react';

export function useBarRoom(bar: RefObject<HTMLElement | null>, cssVariable: `--${string}`, deps: DependencyList = []): void {
  useEffect(() => {
    const el = bar.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const note = () => {
      const h = el.getBoundingClientRect().height;
      if (h > 0) root.style.setProperty(cssVariable, `${Math.ceil(h) + 1}px`);
      else root.style.removeProperty(cssVariable);
    };
    const observer = new ResizeObserver(note);
    observer.observe(el);
    note();
    return () => {
      observer.disconnect();
      root.style.removeProperty(cssVariable);
    };
    // The caller's deps say when the bar element may appear or go (the turn bar shows only in a fight).
  }, [bar, cssVariable, ...deps]);
}
