/**
 * The editor's route: which view the address asks for (a stored document, a
 * shared one, a copy of a catalogue item, the list), the editor's own history
 * entries between them, and back and forward among them without the router.
 * EditorApp renders what this says to show.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Catalogues, NucleusDocument } from '../../rules';
// Storage's modules one by one, not its index: the index also brings import/export
// and share links, whose parsing loads zod; those load when used (below).
import { openDocument, DocumentNotFoundError, UnreadableDocumentError, type DocumentSession } from '../../storage/session';
import { openCopy, saveCopy } from '../../storage/copies';
// Share links: only the check here; unpacking one (and the document parser) loads when a link is read.
import { hasSharedDocument } from '../../storage/editorLinks';
import type { DocumentRepository } from '../../storage/types';
import type { CatalogueLoader } from './catalogues';
import { repository as activeRepository, setRepositoryCatalogues, validity } from './repository';
import type { EditorDefinition } from './definition';
import type { ListNotice } from './DocumentList';
import { replayJournals } from '../../storage/journal';
import { whyFailed } from '../../storage/problems';
import { recoveryNotice } from './editorNotices';
import type { UnreadableDocument } from './listing';

/**
 * History entries for the editor's own moves (list ↔ document). They carry
 * the fields Astro's client router keeps in its entries (index, scroll), so
 * that coming back to one from another page is a page visit the router
 * makes (with a null state it ignored the traversal: the address changed
 * and the other page stayed on screen).
 */
function routerEntry(replace: boolean): { index: number; scrollX: number; scrollY: number } {
  const index = (history.state as { index?: number } | null)?.index ?? 0;
  return { index: replace ? index : index + 1, scrollX: 0, scrollY: 0 };
}

type View =
  | { mode: 'loading' }
  | { mode: 'list'; notice?: ListNotice }
  /** `focusName`: the Name field takes focus once the document is shown (after New, Duplicate, Import…, opening from the list). */
  | { mode: 'edit'; session: DocumentSession; focusName?: boolean }
  | { mode: 'share'; doc: NucleusDocument; notice?: string }
  | { mode: 'missing'; id: string }
  /** A stored document that fails its schema: its sentence and an Export, not the editor. */
  | { mode: 'unreadable'; stored: UnreadableDocument }
  | { mode: 'error'; message: string };

/** The performance mark set once the editor first shows its list or a document. */
export const READY_MARK = 'nucleus:editor-ready';

/** Where the editor is (its view, with what it needs to show one) and the moves between views. */
export function useEditorRoute<D extends NucleusDocument>(definition: EditorDefinition<D>, loadCatalogues: CatalogueLoader) {
  const [repository, setRepository] = useState<DocumentRepository | null>(null);
  const [catalogues, setCatalogues] = useState<Partial<Catalogues> | null>(null);
  const [view, setView] = useState<View>({ mode: 'loading' });
  // Opening a document, back and forward swap the view under the element that had focus:
  // the next view takes it, once React has put it on the page.
  const focusNext = useRef(false);
  // The query the view shows: a traversal that changes only the hash (the jump links) is not a new view.
  const shownQuery = useRef<string | null>(null);
  const shownShare = useRef(false);
  const noun = definition.noun;

  useEffect(() => {
    Promise.all([loadCatalogues(definition.catalogues), activeRepository()]).then(
      ([c, r]) => {
        setRepositoryCatalogues(c);
        setCatalogues(c);
        setRepository(r);
      },
      (e: Error) => setView({ mode: 'error', message: `The ${noun} catalogues could not be loaded (${e.message}). Reload the page to try again.` }),
    );
  }, [definition, noun]);

  /** Opens a stored document in the editor; a missing one says so. */
  const show = useCallback(async (id: string, focusName = false) => {
    try {
      const session = await openDocument(id, { repository: repository ?? undefined, validity });
      if (session.$stored.get()?.deletedAt) {
        void session.close();
        setView({ mode: 'missing', id });
      } else setView({ mode: 'edit', session, focusName });
    } catch (e) {
      if (e instanceof DocumentNotFoundError) setView({ mode: 'missing', id });
      else if (e instanceof UnreadableDocumentError) setView({ mode: 'unreadable', stored: e.stored });
      else setView({ mode: 'error', message: whyFailed(e) });
    }
  }, [repository]);

  const open = useCallback(
    async (id: string, replace = false) => {
      const url = `${location.pathname}?id=${encodeURIComponent(id)}`;
      if (replace) history.replaceState(routerEntry(true), '', url);
      else history.pushState(routerEntry(false), '', url);
      shownQuery.current = location.search;
      focusNext.current = true;
      await show(id, true);
    },
    [show],
  );

  /**
   * Opens a new document (a copy keeps nothing of its source's id), saved
   * once. When that save fails (storage full or broken) the document is open
   * all the same, kept in the page with the save's sentence, as an open
   * document whose save fails is.
   */
  const saveNew = useCallback(
    async (doc: D) => {
      try {
        const session = await openCopy(doc, { repository: repository ?? undefined, validity });
        history.pushState(routerEntry(false), '', `${location.pathname}?id=${encodeURIComponent(session.id)}`);
        shownQuery.current = location.search;
        focusNext.current = true;
        setView({ mode: 'edit', session, focusName: true });
      } catch (e) {
        setView({ mode: 'error', message: whyFailed(e) });
      }
    },
    [repository],
  );

  const resolve = useCallback(async () => {
    if (!catalogues || !repository) return;
    shownQuery.current = location.search;
    shownShare.current = hasSharedDocument(location.hash);
    const params = new URLSearchParams(location.search);
    const copy = params.get('copy') ?? params.get('from')?.replace(/^[a-z]+:/, '');
    try {
      const addressed = definition.fromAddress && location.hash.length > 1 ? await definition.fromAddress(location.hash, catalogues, repository) : undefined;
      if (addressed) {
        await open(addressed, true);
      } else if (hasSharedDocument(location.hash)) {
        const { readShareLink } = await import('../../storage/share');
        const shared = (await readShareLink(location.hash, definition.kind)) as D;
        setView({ mode: 'share', ...(definition.fromShare ? await definition.fromShare(shared, catalogues, repository) : { doc: shared }) });
      } else if (copy) {
        const doc = definition.copyFrom?.(copy, catalogues);
        if (!doc) throw new Error(`There is no standard item “${copy}” to copy.`);
        const stored = await saveCopy(doc, { repository, valid: validity(doc) });
        await open(stored.id, true);
      } else if (params.get('id')) {
        await show(params.get('id')!);
      } else {
        // Documents whose edits a closed page left in the journal come back before they are listed.
        const notice = recoveryNotice(await replayJournals(repository, { validity }));
        setView((v) => (v.mode === 'list' && !notice ? v : { mode: 'list', notice: notice ? { text: notice } : undefined }));
      }
    } catch (e) {
      setView({ mode: 'error', message: whyFailed(e) });
    }
  }, [catalogues, definition, repository, open, show]);

  useEffect(() => {
    void resolve();
    const route = location.pathname;
    // Back/forward between this route's own views (another ?query) is this island's to show.
    // Astro's router would fetch and swap the whole page for it (a reload in all but name:
    // state and focus lost), so this handler runs before the router (Base.astro's hook list,
    // which is registered first) and keeps the event from it. Other pages stay the router's.
    const onPop = () => {
      if (location.pathname !== route || location.search === shownQuery.current) return false;
      focusNext.current = true;
      void resolve();
      return true;
    };
    const first = (window as { __nucleusPopFirst?: (() => boolean)[] }).__nucleusPopFirst;
    const onPopEvent = (e: Event) => {
      if (onPop()) e.stopImmediatePropagation();
    };
    if (first) first.push(onPop);
    else window.addEventListener('popstate', onPopEvent);
    const onHash = () => {
      if (location.search !== shownQuery.current || shownShare.current || hasSharedDocument(location.hash)) void resolve();
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      if (first && first.includes(onPop)) first.splice(first.indexOf(onPop), 1);
      else window.removeEventListener('popstate', onPopEvent);
      window.removeEventListener('hashchange', onHash);
    };
  }, [resolve]);

  // The editor is usable: its first screen (the list or a document) is on the page with its
  // handlers live. scripts/bench/editor.ts reads this mark's time from navigation start.
  const shown = view.mode !== 'loading' && !!catalogues && !!repository;
  useEffect(() => {
    if (shown && performance.getEntriesByName(READY_MARK).length === 0) performance.mark(READY_MARK);
  }, [shown]);

  useEffect(() => {
    if (!focusNext.current || view.mode === 'loading') return;
    focusNext.current = false;
    // A document opened to edit focuses its Name itself when it mounts (DocumentFrame); a
    // second focus a frame later could pull the caret back from where the player went.
    if (view.mode === 'edit' && view.focusName) return;
    requestAnimationFrame(() => (document.getElementById('field-name') ?? document.querySelector<HTMLElement>('.kit-new, .kit-missing .btn'))?.focus());
  }, [view]);

  const navigate = useCallback(
    (to: { id: string } | 'new' | 'list', notice?: ListNotice) => {
      if (to === 'new') void saveNew(definition.create(catalogues ?? {}));
      else if (to === 'list') {
        history.pushState(routerEntry(false), '', location.pathname);
        shownQuery.current = location.search;
        setView({ mode: 'list', notice });
      } else void open(to.id);
    },
    [saveNew, definition, catalogues, open],
  );

  return { repository, catalogues, view, open, saveNew, navigate };
}
