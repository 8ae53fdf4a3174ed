/**
 * The island root of every editor route. Reads the address:
 *   ?id=ID      opens that document (from this device's repository)
 *   #share=…    opens a shared document read-only, with "Save a copy"
 *   ?copy=ID    starts a new document copied from a catalogue item
 *               (also ?from=gear:ID, the rules pages' "Open a copy in the editor")
 *   (nothing)   lists this kind's documents with a prominent "New …"
 * and moves between these without reloading the page (useEditorRoute.ts);
 * this file shows the view the route is on and imports files.
 */
import { useRef, useState } from 'react';
import type { NucleusDocument } from '../../rules';
import type { CatalogueLoader, RulesLinks } from './catalogues';
import type { EditorDefinition } from './definition';
import { DocumentFrame } from './DocumentFrame';
import { DocumentList } from './DocumentList';
import { $storageProblem } from '../../storage/active';
import { importProblem } from '../../storage/problems';
import { keptBothSentence, namesAlreadyHere } from '../../storage/names';
import { useAtom } from './session';
import { StorageProblemNotice } from './StorageNotices';
import { importNotice } from './editorNotices';
import { useEditorRoute } from './useEditorRoute';
import { UnreadableDocumentView } from './Unreadable';

export interface EditorAppProps<D extends NucleusDocument> {
  definition: EditorDefinition<D>;
  /** Reads the definition's catalogues (src/editors/catalogues.ts: the page's embedded copy or the content database). */
  loadCatalogues: CatalogueLoader;
  rulesLinks?: RulesLinks;
}

export function EditorApp<D extends NucleusDocument>({ definition, loadCatalogues, rulesLinks = {} }: EditorAppProps<D>) {
  const { repository, catalogues, view, open, saveNew, navigate } = useEditorRoute(definition, loadCatalogues);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const noun = definition.noun;
  const storageProblem = useAtom($storageProblem, null);

  /**
   * Imports a file all or nothing (one transaction), whatever kinds it holds:
   * other kinds go to the library beside this editor's, and the notice says
   * so. An import never overwrites: an id already here comes in as a copy.
   */
  const onImport = async (file: File) => {
    setImportError(null);
    try {
      const { parseImport, applyImport } = await import('../../storage/transfer');
      const incoming = parseImport(file.name, await file.text());
      const sameNames = namesAlreadyHere(incoming, await repository!.list());
      const stored = await applyImport(repository!, incoming, 'keep-both');
      const mine = stored.filter((d) => d.kind === definition.kind);
      // A name already here: the list, where the two are told apart, and the sentence saying so.
      if (stored.length === 1 && mine.length === 1 && !sameNames.length) return void (await open(mine[0]!.id));
      const kept = keptBothSentence(sameNames, (k) => (k === definition.kind ? noun : k));
      navigate('list', { text: `${importNotice(file.name, stored, definition.kind, noun)}${kept ? ` ${kept}` : ''}` });
    } catch (e) {
      setImportError(importProblem(file.name, e));
    }
  };

  const importFile = () => fileInput.current?.click();
  const fileField = (
    <input
      ref={fileInput}
      type="file"
      accept="application/json,.json"
      hidden
      aria-label={`Import a ${noun} file`}
      data-import
      onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (f) void onImport(f);
      }}
    />
  );
  const importAlert = (
    <>
      {storageProblem && view.mode !== 'edit' && <StorageProblemNotice problem={storageProblem} />}
      {importError && (
        <p className="kit-alert" role="alert" tabIndex={-1} ref={(el) => el?.scrollIntoView({ block: 'nearest' })}>
          {importError}
        </p>
      )}
    </>
  );

  if (view.mode === 'loading' || !catalogues || !repository) {
    return (
      <p className="kit-loading" role="status">
        Loading the {noun} editor…
      </p>
    );
  }
  if (view.mode === 'error' || view.mode === 'missing') {
    return (
      <div className="card kit-missing" role="alert">
        <p>{view.mode === 'error' ? view.message : `There is no ${noun} with the id “${view.id}” on this device. It may have been deleted, or saved on another device.`}</p>
        <button type="button" className="btn" onClick={() => navigate('list')}>
          Your {noun}s
        </button>
      </div>
    );
  }
  if (view.mode === 'unreadable') return <UnreadableDocumentView stored={view.stored} noun={noun} onList={() => navigate('list')} />;
  if (view.mode === 'list') {
    return (
      <>
        {fileField}
        {importAlert}
        <DocumentList
          definition={definition}
          repository={repository}
          catalogues={catalogues}
          rulesLinks={rulesLinks}
          notice={view.notice}
          onNew={() => navigate('new')}
          onImport={importFile}
          onOpen={(id) => navigate({ id })}
          start={(doc) => void saveNew(doc)}
        />
      </>
    );
  }
  return (
    <>
      {fileField}
      {importAlert}
      <DocumentFrame<D>
        key={view.mode === 'edit' ? `edit:${view.session.id}` : `share:${view.doc.id}`}
        definition={definition}
        repository={repository}
        session={view.mode === 'edit' ? view.session : null}
        initial={(view.mode === 'edit' ? view.session.$document.get() : view.doc) as D}
        catalogues={catalogues}
        rulesLinks={rulesLinks}
        readOnly={view.mode === 'share'}
        shareNotice={view.mode === 'share' ? view.notice : undefined}
        focusName={view.mode === 'edit' && view.focusName}
        navigate={navigate}
        saveNew={saveNew}
        importFile={importFile}
      />
    </>
  );
}
