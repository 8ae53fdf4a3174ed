/**
 * The frame around one open document: Name, save state, undo/redo, the
 * document menu and its dialogs, the form beside its summary, and the card
 * that prints. Shared documents open here read-only with "Save a copy".
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { evaluate, type Catalogues, type NucleusDocument } from '../../rules/engine';
import { copyName } from '../../storage/copies';
import type { DocumentRepository, Version } from '../../storage/types';
import type { DocumentSession as StorageSession } from '../../storage/session';
import { EditorContext, type EditorContextValue } from './context';
import { canRedo, canUndo } from './history';
import { fieldId } from './paths';
import { historyShortcut } from './keyboard';
import { SAVE_STATE_TEXT, useAtom, useDocumentSession } from './session';
import { $storageProblem } from '../../storage/active';
import { whyFailed } from '../../storage/problems';
import { RecoveredNotice, ReplacedNotice, StorageProblemNotice, SyncConflictNotice, TooLargeNotice } from './StorageNotices';
import { TextField } from './fields';
import { SummaryPanel } from './Summary';
import { DocumentMenu } from './DocumentMenu';
import { ConfirmDialog, EditItemDialog } from './EditItemDialog';
import { PrintCard } from './PrintCard';
import { HistoryDialog } from './HistoryDialog';
import { ConflictNotice, MovedNotice } from './ConflictNotice';
import { CopyLink } from './CopyLink';
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
  const [share, setShare] = useState<{ url?: string; note?: string; error?: string } | null>(null);
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { dispatch } = session;
  const storageProblem = useAtom($storageProblem, null);

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
  return (
    <EditorContext.Provider value={ctx as EditorContextValue}>
      <div className="kit-editor" data-kind={definition.kind} data-readonly={readOnly || undefined}>
        {readOnly && (
          <div className="kit-banner" role="region" aria-label="Shared document">
            <p>
              <strong>A shared {noun}, read-only.</strong> Save a copy to change it; it will be yours, on this device.
            </p>
            {props.shareNotice && <p className="kit-share-note">{props.shareNotice}</p>}
            <button type="button" className="btn btn-primary" onClick={() => void props.saveNew(copyDocument(doc))}>
              Save a copy
            </button>
          </div>
        )}
        <div className="kit-frame-head">
          <TextField path="name" label="Name" large placeholder={`Name this ${noun}`} />
          <div className="kit-frame-tools">
            {!readOnly && (
              <p className={`kit-save-state is-${session.saveState}`} role="status" data-save-state={session.saveState}>
                {SAVE_STATE_TEXT[session.saveState]}
              </p>
            )}
            {!readOnly && (
              <div className="kit-undo" role="group" aria-label="Undo and redo">
                <button type="button" className="btn kit-small" onClick={undo} disabled={!canUndo(session.history)} aria-keyshortcuts="Control+Z Meta+Z">
                  Undo
                </button>
                <button type="button" className="btn kit-small" onClick={redo} disabled={!canRedo(session.history)} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">
                  Redo
                </button>
              </div>
            )}
            <DocumentMenu actions={actions} readOnly={readOnly} />
          </div>
        </div>
        {!readOnly && storageProblem && <StorageProblemNotice problem={storageProblem} onExport={exportJson} />}
        {session.error && (
          <p className="kit-alert" role="alert">
            {session.error}
          </p>
        )}
        {session.recovered && <RecoveredNotice recovered={session.recovered} kind={doc.kind} noun={noun} onDismiss={() => session.dismissNotice('recovered')} />}
        {session.replaced && !session.conflict && <ReplacedNotice noun={noun} onHistory={showHistory} onDismiss={() => session.dismissNotice('replaced')} />}
        {session.tooLarge !== null && <TooLargeNotice chars={session.tooLarge} noun={noun} />}
        {session.syncConflict && !session.conflict && <SyncConflictNotice conflict={session.syncConflict} kind={doc.kind} noun={noun} />}
        {session.conflict && <ConflictNotice conflict={session.conflict} noun={noun} onChoose={session.chooseConflict} />}
        {session.movedToCopy && !session.conflict && <MovedNotice moved={session.movedToCopy} kind={doc.kind} noun={noun} onDismiss={session.dismissMovedToCopy} />}
        <div className="kit-editor-grid">
          <div className="kit-form">
            <definition.Form doc={doc} evaluation={evaluation} catalogues={catalogues} rulesLinks={rulesLinks} readOnly={readOnly} />
          </div>
          <SummaryPanel items={summary} valid={evaluation.valid} issues={evaluation.issues} labelFor={(p) => definition.labelFor?.(p, doc, catalogues)}>
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

        <EditItemDialog open={!!share} title="Share link" eyebrow={noun} onCancel={() => setShare(null)} onConfirm={() => setShare(null)} confirmLabel="Close">
          {share?.error ? (
            <p role="alert">{share.error}</p>
          ) : share?.url ? (
            <>
              <p>Anyone with this link sees this {noun} read-only and can save a copy. {share.note ? 'No server keeps it.' : `The link holds the whole ${noun}; no server keeps it.`}</p>
              {share.note && <p className="kit-share-note">{share.note}</p>}
              <label className="kit-label" htmlFor="kit-share-url">
                Link
              </label>
              <input id="kit-share-url" className="kit-input" readOnly value={share.url} onFocus={(e) => e.currentTarget.select()} data-autofocus />
              <CopyLink key={share.url} url={share.url} inputId="kit-share-url" />
            </>
          ) : (
            <p>Making the link…</p>
          )}
        </EditItemDialog>

        <HistoryDialog
          versions={versions}
          current={doc}
          definition={definition}
          catalogues={catalogues}
          noun={noun}
          onClose={() => setVersions(null)}
          onRestore={(id) => {
            setVersions(null);
            // A restore is a new save, and one undo step here.
            void session.restoreVersion(id);
          }}
        />

        <ConfirmDialog
          open={confirmDelete}
          title={`Delete this ${noun}?`}
          message={<p>“{doc.name || `Untitled ${noun}`}” goes to the trash; you can bring it back from there.</p>}
          confirmLabel="Delete"
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            void session
              .flush()
              .then(() => repository.delete(doc.id))
              .then(() => props.navigate('list', { text: `“${doc.name || `Untitled ${noun}`}” was moved to the trash.`, trashed: { id: doc.id, name: doc.name || `Untitled ${noun}` } }));
          }}
        />
      </div>
    </EditorContext.Provider>
  );
}
