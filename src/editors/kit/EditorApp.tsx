/**
 * The island root of every editor route. Reads the address:
 *   ?id=ID      opens that document (from this device's repository)
 *   #share=…    opens a shared document read-only, with "Save a copy"
 *   ?copy=ID    starts a new document copied from a catalogue item
 *               (also ?from=gear:ID, the rules pages' "Open a copy in the editor")
 *   (nothing)   lists this kind's documents with a prominent "New …"
 * and moves between these without reloading the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDocument, type Catalogues, type NucleusDocument } from '../../rules';
import type { StoredDocument } from '../../storage/types';
import { decodeShare } from '../../storage/sharelink';
import { loadCatalogues, type RulesLinks } from './catalogues';
import { getRepository, setRepositoryCatalogues, copyDocument } from './repository';
import type { EditorDefinition } from './definition';
import { DocumentFrame } from './DocumentFrame';
import { DocumentList } from './DocumentList';

type View =
  | { mode: 'loading' }
  | { mode: 'list'; notice?: string }
  | { mode: 'edit'; stored: StoredDocument }
  | { mode: 'share'; stored: StoredDocument }
  | { mode: 'missing'; id: string }
  | { mode: 'error'; message: string };

export interface EditorAppProps<D extends NucleusDocument> {
  definition: EditorDefinition<D>;
  rulesLinks?: RulesLinks;
}

function asStored(doc: NucleusDocument, revision = 0): StoredDocument {
  return { id: doc.id, kind: doc.kind, name: doc.name, tags: doc.tags ?? [], revision, createdAt: doc.createdAt, updatedAt: doc.updatedAt, valid: true, document: doc };
}

export function EditorApp<D extends NucleusDocument>({ definition, rulesLinks = {} }: EditorAppProps<D>) {
  const repository = getRepository();
  const [catalogues, setCatalogues] = useState<Partial<Catalogues> | null>(null);
  const [view, setView] = useState<View>({ mode: 'loading' });
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const noun = definition.noun;

  useEffect(() => {
    loadCatalogues(definition.catalogues).then(
      (c) => {
        setRepositoryCatalogues(c);
        setCatalogues(c);
      },
      (e: Error) => setView({ mode: 'error', message: `The ${noun} catalogues could not be loaded (${e.message}). Reload the page to try again.` }),
    );
  }, [definition, noun]);

  const open = useCallback(
    (id: string, replace = false) => {
      const url = `${location.pathname}?id=${encodeURIComponent(id)}`;
      if (replace) history.replaceState(null, '', url);
      else history.pushState(null, '', url);
      return repository.get(id).then((stored) => {
        setView(stored && !stored.deletedAt ? { mode: 'edit', stored } : { mode: 'missing', id });
        requestAnimationFrame(() => document.getElementById('field-name')?.focus());
      });
    },
    [repository],
  );

  const saveNew = useCallback(
    async (doc: D) => {
      const result = await repository.save(doc, { basedOn: 0 });
      if (!result.ok) throw new Error(`A document with the id ${doc.id} already exists.`);
      await open(doc.id);
    },
    [repository, open],
  );

  const resolve = useCallback(async () => {
    if (!catalogues) return;
    const params = new URLSearchParams(location.search);
    const copy = params.get('copy') ?? params.get('from')?.replace(/^[a-z]+:/, '');
    try {
      if (location.hash.startsWith('#share=')) {
        const doc = loadDocument(await decodeShare(location.hash));
        if (doc.kind !== definition.kind) throw new Error(`This link holds a ${doc.kind}, not a ${noun}; open it in the ${doc.kind} editor.`);
        setView({ mode: 'share', stored: asStored(doc) });
      } else if (copy) {
        const doc = definition.copyFrom?.(copy, catalogues);
        if (!doc) throw new Error(`There is no standard item “${copy}” to copy.`);
        const result = await repository.save(doc, { basedOn: 0 });
        if (result.ok) await open(doc.id, true);
      } else if (params.get('id')) {
        const id = params.get('id')!;
        const stored = await repository.get(id);
        setView(stored && !stored.deletedAt ? { mode: 'edit', stored } : { mode: 'missing', id });
      } else {
        setView((v) => (v.mode === 'list' ? v : { mode: 'list' }));
      }
    } catch (e) {
      setView({ mode: 'error', message: (e as Error).message });
    }
  }, [catalogues, definition, noun, repository, open]);

  useEffect(() => {
    void resolve();
    const onPop = () => void resolve();
    window.addEventListener('popstate', onPop);
    window.addEventListener('hashchange', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('hashchange', onPop);
    };
  }, [resolve]);

  const navigate = useCallback(
    (to: { id: string } | 'new' | 'list', notice?: string) => {
      if (to === 'new') void saveNew(definition.create(catalogues ?? {}));
      else if (to === 'list') {
        history.pushState(null, '', location.pathname);
        setView({ mode: 'list', notice });
      } else void open(to.id);
    },
    [saveNew, definition, catalogues, open],
  );

  const onImport = async (file: File) => {
    setImportError(null);
    try {
      let json: unknown;
      try {
        json = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not a JSON file exported from Nucleus.`);
      }
      let doc: NucleusDocument;
      try {
        doc = loadDocument(json);
      } catch (e) {
        throw new Error(`${file.name} is not a Nucleus document: ${(e as Error).message}`);
      }
      if (doc.kind !== definition.kind) throw new Error(`${file.name} holds a ${doc.kind}, not a ${noun}; import it in the ${doc.kind} editor.`);
      const exists = await repository.get(doc.id);
      await saveNew((exists ? copyDocument(doc) : doc) as D);
    } catch (e) {
      setImportError((e as Error).message);
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
  const importAlert = importError && (
    <p className="kit-alert" role="alert">
      {importError}
    </p>
  );

  if (view.mode === 'loading' || !catalogues) {
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
        key={`${view.mode}:${view.stored.id}`}
        definition={definition}
        repository={repository}
        stored={view.stored}
        catalogues={catalogues}
        rulesLinks={rulesLinks}
        readOnly={view.mode === 'share'}
        navigate={navigate}
        saveNew={saveNew}
        importFile={importFile}
      />
    </>
  );
}
