/**
 * Mounts the page's editor once the page has painted (EditorShell.astro).
 *
 * An Astro `client:only` island starts fetching React and the editor
 * (about 100 KB gzipped) while the page's own styles are still on their
 * way, and on a phone the title and lead waited for that traffic. Here the
 * editor's code is fetched after the first contentful paint; the page keeps
 * its screen-high placeholder until the editor renders, so nothing moves.
 *
 * Each editor is its own dynamic import: a page loads only its own. Client
 * navigation (Astro's ClientRouter) mounts the new page's editor and
 * unmounts the old one once its page is gone, so its unmount effects (the
 * last save) run as they would on an island.
 */
import type { ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { onPage } from '../scripts/lifecycle';
import type { EDITORS as EDITOR_ROUTES } from '../config/editors';
import type { RulesLinks } from './kit';
import { keepEditorCode } from './offline';

type EditorKind = (typeof EDITOR_ROUTES)[number]['kind'];
type EditorComponent = ComponentType<{ rulesLinks?: RulesLinks }>;

const EDITORS: Record<EditorKind, () => Promise<{ default: EditorComponent }>> = {
  blueprint: () => import('./blueprint/BlueprintEditor'),
  character: () => import('./character/CharacterEditor'),
  core: () => import('./core/CoreEditor'),
  creature: () => import('./creature/CreatureEditor'),
  encounter: () => import('./encounter/EncounterEditor'),
};

/** The attribute EditorShell.astro puts on the element the editor replaces; its value is the editor's kind. */
export const EDITOR_MOUNT_ATTRIBUTE = 'data-editor-mount';

/**
 * Once the page's first contentful paint is on screen (the browser's own
 * record of it; at once on a client navigation, where it is long past). A
 * frame callback is not enough: it runs before the frame is presented, and
 * on a slow device the first frame reaches the screen much later.
 */
function afterFirstPaint(): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** React, the error boundary and the editor: fetched together, after the paint. */
async function loadEditor(kind: EditorKind) {
  const [{ createElement }, { createRoot }, { IslandBoundary }, { default: Editor }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('../components/IslandBoundary'),
    EDITORS[kind](),
  ]);
  return { createElement, createRoot, IslandBoundary, Editor };
}

/** The elements holding an editor, with their React roots (null while loading). */
const mounted = new Map<HTMLElement, Root | null>();

async function mount(el: HTMLElement): Promise<void> {
  const kind = el.getAttribute(EDITOR_MOUNT_ATTRIBUTE) as EditorKind;
  if (!(kind in EDITORS) || mounted.has(el)) return;
  mounted.set(el, null);
  await afterFirstPaint();
  // A failed fetch is left to scripts/resilience.ts: one reload, then the error in this element's place.
  const { createElement, createRoot, IslandBoundary, Editor } = await loadEditor(kind);
  if (!el.isConnected) return void mounted.delete(el);
  const rulesLinks = JSON.parse(el.dataset.rulesLinks ?? '{}') as RulesLinks;
  const root = createRoot(el, { identifierPrefix: 'editor-' });
  mounted.set(el, root);
  // A crash while rendering shows the error panel in the editor's place (SPEC §4 "App start").
  root.render(createElement(IslandBoundary, { name: `${kind} editor`, children: createElement(Editor, { rulesLinks }) }));
  // The rest of its code (import, export, share, the parser) for offline use, once the page is idle.
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  idle(() =>
    keepEditorCode(kind).then(
      // A state to wait for (tests, devtools): this editor now opens offline.
      () => void (document.documentElement.dataset.editorOffline = kind),
      (e: unknown) => console.warn('[nucleus] the editor is not saved for offline use:', e),
    ),
  );
}

onPage(() => {
  for (const [el, root] of mounted) {
    if (el.isConnected) continue;
    mounted.delete(el);
    root?.unmount();
  }
  for (const el of document.querySelectorAll<HTMLElement>(`[${EDITOR_MOUNT_ATTRIBUTE}]`)) void mount(el);
});
