/**
 * The editor's first screen: this kind's documents on this device and a
 * prominent "New …". Documents of the same name show their created date and
 * a short id beside the name (on every screen, not in a tooltip); a
 * document just moved to the trash can be brought back from the notice.
 * A document or a journal entry that fails its schema is listed among the
 * others with its sentence and an Export (Unreadable.tsx): one bad record
 * never hides the rest.
 */
import { useEffect, useRef, useState } from 'react';
import type { Catalogues, NucleusDocument } from '../../rules';
import type { DocumentRepository } from '../../storage/types';
import { trashHref } from '../../storage/editorLinks';
import { repeatedNames, shortId } from '../../storage/names';
import type { EditorDefinition } from './definition';
import type { RulesLinks } from './catalogues';
import { UnreadableDocumentRow, UnreadableEditsRow } from './Unreadable';
import { editorListing, isUnreadable, shownName, type EditorListing } from './listing';

/** The sentence over the list; `trashed`: the document the sentence moved to the trash (Undo brings it back). */
export interface ListNotice {
  text: string;
  trashed?: { id: string; name: string };
}

export interface DocumentListProps<D extends NucleusDocument> {
  definition: EditorDefinition<D>;
  repository: DocumentRepository;
  catalogues: Partial<Catalogues>;
  rulesLinks: RulesLinks;
  notice?: ListNotice;
  onNew: () => void;
  onImport: () => void;
  onOpen: (id: string) => void;
  start: (doc: D) => void;
}

export function DocumentList<D extends NucleusDocument>(props: DocumentListProps<D>) {
  const { definition, repository } = props;
  const [listing, setListing] = useState<EditorListing | null>(null);
  const noun = definition.noun;
  const listsOwn = definition.listsOwn === true;
  // A notice (an import's result) is shown where it is seen: scrolled to and focused.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = noticeRef.current;
    if (!el || !props.notice) return;
    el.scrollIntoView({ block: 'nearest' });
    el.focus({ preventScroll: true });
  }, [props.notice]);
  useEffect(() => {
    if (listsOwn) return;
    const load = () => void editorListing(repository, definition.kind).then(setListing);
    load();
    return repository.subscribe(load);
  }, [repository, definition.kind, listsOwn]);
  const Start = definition.StartOptions;
  const docs = listing?.documents ?? null;
  const keptEdits = listing?.keptEdits ?? [];
  const repeated = repeatedNames((docs ?? []).filter((d) => !isUnreadable(d)));
  // "Start from a standard item" only where the editor offers standard items (blueprints: standard gear below).
  const empty = `No ${noun}s on this device yet. ${Start ? 'Start a new one, or start from a standard item below.' : 'Start a new one, or import a file.'}`;
  return (
    <div className="kit-list">
      {props.notice && (
        <div className="kit-notice" role="status" ref={noticeRef} tabIndex={-1}>
          {/* Keyed: a new sentence starts without the last one's Undo outcome. */}
          <TrashNotice key={props.notice.trashed?.id ?? props.notice.text} notice={props.notice} repository={repository} />
        </div>
      )}
      <div className="kit-list-head">
        <button type="button" className="btn btn-primary kit-new" onClick={props.onNew}>
          New {noun}
        </button>
        <button type="button" className="btn" onClick={props.onImport}>
          Import…
        </button>
      </div>
      {definition.intro}
      {!listsOwn && (
        <section aria-labelledby="kit-list-title">
          <h2 id="kit-list-title">Your {noun}s</h2>
          {docs === null ? (
            // The empty list's sentence, unseen, holds its place while the list loads: the
            // standard gear below does not move down when it shows (a layout shift on a phone).
            <p className="kit-muted kit-list-pending" role="status">
              <span className="visually-hidden">Loading…</span>
              <span aria-hidden="true">{empty}</span>
            </p>
          ) : docs.length === 0 && keptEdits.length === 0 ? (
            <p className="kit-muted">{empty}</p>
          ) : (
            <ul className="kit-doc-list">
              {docs.map((d) =>
                isUnreadable(d) ? (
                  <UnreadableDocumentRow key={d.id} doc={d} noun={noun} onOpen={props.onOpen} />
                ) : (
                  <li key={d.id}>
                    <a
                      href={`?id=${encodeURIComponent(d.id)}`}
                      onClick={(e) => {
                        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                        e.preventDefault();
                        props.onOpen(d.id);
                      }}
                    >
                      {shownName(d.name, noun)}
                    </a>
                    {repeated.has(d.id) && <SameNameMark doc={d} />}
                    <span className="kit-doc-meta">
                      {!d.valid && <span className="kit-badge is-invalid">Breaks a rule</span>}
                      <time dateTime={d.updatedAt}>{new Date(d.updatedAt).toLocaleString()}</time>
                    </span>
                  </li>
                ),
              )}
              {keptEdits.map((e) => (
                <UnreadableEditsRow key={`${e.documentId}:${e.pageId}`} entry={e} noun={noun} />
              ))}
            </ul>
          )}
        </section>
      )}
      {Start && <Start catalogues={props.catalogues} rulesLinks={props.rulesLinks} start={props.start} open={props.onOpen} />}
    </div>
  );
}

const createdFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Beside a name another document of this kind shares: when it was made, and the start of its id. */
export function SameNameMark({ doc }: { doc: { id: string; createdAt: string } }) {
  return (
    <span className="kit-same-name" data-same-name>
      made <time dateTime={doc.createdAt}>{createdFormat.format(new Date(doc.createdAt))}</time> · #{shortId(doc.id)}
    </span>
  );
}

/** The list's sentence; after a move to the trash, Undo (until the player does something else) and the way to the trash. */
function TrashNotice({ notice, repository }: { notice: ListNotice; repository: DocumentRepository }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const undo = async ({ id, name }: { id: string; name: string }) => {
    setBusy(true);
    try {
      await repository.restore(id);
      setOutcome(`“${name}” is back in your list.`);
    } catch {
      setOutcome(`“${name}” could not be brought back: this device's storage failed. It is still in the trash.`);
    } finally {
      setBusy(false);
    }
  };
  if (outcome) return <p>{outcome}</p>;
  return (
    <>
      <p>{notice.text}</p>
      {notice.trashed && (
        <div className="kit-conflict-actions">
          <button type="button" className="btn kit-small" disabled={busy} onClick={() => void undo(notice.trashed!)}>
            Undo
          </button>
          <a className="btn kit-small" href={trashHref()}>
            Open the trash
          </a>
        </div>
      )}
    </>
  );
}
