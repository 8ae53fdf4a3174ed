/**
 * The frame around one open document: Name, save state, undo/redo, the
 * document menu and its dialogs, the form beside its summary, and the card
 * that prints. Shared documents open here read-only with "Save a copy".
 * Its parts: FrameHead (the top), FrameNotices (what it says about saving),
 * FrameDialogs (the menu's dialogs) and useUndoRedo.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { evaluate, type Catalogues, type NucleusDocument } from '../../rules/engine';
import { copyName } from '../../storage/copies';
import type { DocumentRepository, Version } from '../../storage/types';
import type { DocumentSession as StorageSession } from '../../storage/session';
import { EditorContext, type EditorContextValue } from './context';
import { fieldId } from './paths';
import { useUndoRedo } from './useUndoRedo';
import { useDocumentSession } from './session';
import { whyFailed } from '../../storage/problems';
import { FrameNotices } from './FrameNotices';
import { SummaryPanel } from './Summary';
import { FrameHead } from './FrameHead';
import { FrameDialogs, type ShareState } from './FrameDialogs';
import { PrintCard } from './PrintCard';
import type { EditorDefinition } from './definition';
import type { RulesLinks } from './catalogues';
import type { ListNotice } from './DocumentList';
import { copyDocument } from './repository';

export interface DocumentFrameProps<D extends NucleusDocument> {
  definition: EditorDefinition<D>;
  repository: DocumentRepository;
  /** The save controller; null for a read-only (shared) document. */
  session: StorageSession | null;
  /** The document as opened. */
  initial: D;
  catalogues: Partial<Catalogues>;
  rulesLinks: RulesLinks;
  /** Opened from a share link: nothing saves until "Save a copy". */
  readOnly?: boolean;
  /** What the editor filled in or left out of a shared document (definition.fromShare). */
  shareNotice?: string | undefined;
  /** Focus the Name field once the document is on the page (a new or just-opened document). */
  focusName?: boolean;
  /** Opens another document, the list (null) or a new one ('new'). */
  navigate: (to: { id: string } | 'new' | 'list', notice?: ListNotice) => void;
  /** Saves a new document and opens it. */
  saveNew: (doc: D) => Promise<void>;
  importFile: () => void;
}

export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function DocumentFrame<D extends NucleusDocument>(props: DocumentFrameProps<D>) {
  const { definition, repository, catalogues, rulesLinks, readOnly = false } = props;
  const session = useDocumentSession<D>(props.session, props.initial);
  const doc = session.history.present;
  const evaluation = useMemo(() => evaluate(doc, catalogues), [doc, catalogues]);
  const [share, setShare] = useState<ShareState | null>(null);
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { dispatch } = session;

  const ctx: EditorContextValue<D> = useMemo(
    () => ({
      doc,
      evaluation,
      readOnly,
      change: (update, options) => {
        if (!readOnly) dispatch({ type: 'apply', update, coalesce: options?.coalesce });
      },
      seal: () => dispatch({ type: 'seal' }),
    }),
    [doc, evaluation, readOnly, dispatch],
  );

  // The frame mounts once per document (keyed by id), so this runs when the document is
  // first rendered: after the commit, not on a timer that could beat React to it.
  useEffect(() => {
    if (props.focusName) document.getElementById(fieldId('name'))?.focus();
  }, []);

  // Marks the moment the summary in the DOM shows a change (scripts/bench/editor.ts reads these).
  useLayoutEffect(() => {
    performance.mark('nucleus:summary-updated');
  }, [evaluation]);

  const { undo, redo } = useUndoRedo(dispatch, readOnly);

  const showHistory = () => void repository.versions(doc.id).then(setVersions);
  // Export and share links load their code (and zod, which checks the file) when chosen.
  // The file is the document as saved: pending edits are saved first, so its `updatedAt`
  // is that of the content (the document in memory kept the time of the save before).
  const exportJson = () =>
    void (async () => {
      const { exportDocument } = await import('../../storage/transfer');
      let saved: NucleusDocument = doc;
      if (!readOnly) {
        await session.flush().catch(() => undefined);
        saved = (await repository.get(doc.id).catch(() => undefined))?.document ?? doc;
      }
      const file = exportDocument(saved);
      download(file.fileName, `${file.text}\n`);
    })();
  const actions = [
    { label: 'New', run: () => props.navigate('new'), writes: true },
    { label: 'Duplicate', run: () => void props.saveNew(copyDocument(doc, copyName(doc.name))), writes: true },
    { label: 'Import…', run: props.importFile, writes: true },
    { label: 'Export', run: exportJson },
    {
      label: 'Share link',
      run: () => {
        setShare({});
        import('../../storage/share')
          .then(({ shareLinkWithNote }) => shareLinkWithNote(doc))
          .then(
          (link) => setShare(link),
          (e: unknown) => setShare({ error: whyFailed(e) }),
        );
      },
    },
    { label: 'Print', run: () => void session.flush().finally(() => window.print()) },
    { label: 'History', run: () => showHistory(), writes: true },
    { label: 'Delete', run: () => setConfirmDelete(true), writes: true, danger: true },
  ];

  const noun = definition.noun;
  const summary = definition.summary(doc, evaluation, catalogues);
  // A restore is a new save, and one undo step here.
  const restore = (id: string) => {
    setVersions(null);
    void session.restoreVersion(id);
  };
  const moveToTrash = () => {
    setConfirmDelete(false);
    void session
      .flush()
      .then(() => repository.delete(doc.id))
      .then(() => props.navigate('list', { text: `“${doc.name || `Untitled ${noun}`}” was moved to the trash.`, trashed: { id: doc.id, name: doc.name || `Untitled ${noun}` } }));
  };
  return (
    <EditorContext.Provider value={ctx as EditorContextValue}>
      <div className="kit-editor" data-kind={definition.kind} data-readonly={readOnly || undefined}>
        <FrameHead
          noun={noun}
          readOnly={readOnly}
          shareNotice={props.shareNotice}
          saveState={session.saveState}
          history={session.history}
          undo={undo}
          redo={redo}
          actions={actions}
          saveCopy={() => void props.saveNew(copyDocument(doc))}
        />
        <FrameNotices session={session} kind={doc.kind} noun={noun} readOnly={readOnly} onExport={exportJson} onHistory={showHistory} describeDifferences={definition.differences} />
        <div className="kit-editor-grid">
          <div className="kit-form">
            <definition.Form doc={doc} evaluation={evaluation} catalogues={catalogues} rulesLinks={rulesLinks} readOnly={readOnly} />
          </div>
          <SummaryPanel items={summary} valid={evaluation.valid} stillToDo={definition.stillToDo?.(doc, evaluation)} issues={evaluation.issues} labelFor={(p) => definition.labelFor?.(p, doc, catalogues)}>
            {definition.SummaryExtra && <definition.SummaryExtra doc={doc} evaluation={evaluation} catalogues={catalogues} rulesLinks={rulesLinks} readOnly={readOnly} />}
          </SummaryPanel>
        </div>
        <div className="kit-print-card" aria-hidden="true">
          {definition.PrintCard ? (
            <definition.PrintCard doc={doc} evaluation={evaluation} catalogues={catalogues} rulesLinks={rulesLinks} readOnly />
          ) : (
            <PrintCard doc={doc} items={summary} valid={evaluation.valid} />
          )}
        </div>

        <FrameDialogs
          doc={doc}
          definition={definition}
          catalogues={catalogues}
          share={share}
          closeShare={() => setShare(null)}
          versions={versions}
          closeHistory={() => setVersions(null)}
          restore={restore}
          confirmDelete={confirmDelete}
          cancelDelete={() => setConfirmDelete(false)}
          moveToTrash={moveToTrash}
        />
      </div>
    </EditorContext.Provider>
  );
}