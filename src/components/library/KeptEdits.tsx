/**
 * Edits closed editor pages left in the journal that fail their schema
 * (journal.ts J7): listed apart from the documents (they are not stored
 * documents), each with the sentence why and an Export of it as it is.
 * Nothing here removes them.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { exportUnreadable } from '../../storage';
import { download } from './actions';
import { $keptEdits } from './libraryStore';

function KeptEdit({ name, kind, problem, document }: { name: string; kind: string; problem: string; document: unknown }) {
  const why = useId();
  return (
    <li className="lib-row" data-unreadable="edits">
      <div className="lib-main">
        <p className="lib-name">
          <span>Unsaved edits to “{name}”</span>
          <span className="lib-flag is-error">not saved</span>
        </p>
        <p className="lib-meta">
          <span className={`lib-kind kind-${kind}`}>{kind}</span>
        </p>
        <p className="lib-problem" id={why}>
          {problem} They are kept on this device; export them to keep a copy.
        </p>
      </div>
      <button
        type="button"
        className="btn"
        aria-label={`Export “${name}” (unsaved edits)`}
        aria-describedby={why}
        onClick={() => {
          const file = exportUnreadable(document, 'unsaved edits');
          download(file.fileName, file.text);
        }}
      >
        Export
      </button>
    </li>
  );
}

export function KeptEditsList() {
  const kept = useStore($keptEdits);
  if (!kept.length) return null;
  return (
    <ul className="lib-list lib-kept" aria-label="Unsaved edits that could not be saved">
      {kept.map((e) => {
        const { name, kind } = e.document as { name?: unknown; kind?: unknown };
        return (
          <KeptEdit
            key={`${e.documentId}:${e.pageId}`}
            name={typeof name === 'string' && name.trim() ? name : 'Untitled'}
            kind={typeof kind === 'string' ? kind : 'document'}
            problem={e.problem}
            document={e.document}
          />
        );
      })}
    </ul>
  );
}
