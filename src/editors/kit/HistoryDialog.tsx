/**
 * History: the saved versions of a document, newest first. Choosing one
 * previews it beside the list (its summary against the document now, and
 * which fields differ) before "Restore this version"; the dialog closes one
 * way, its close button (or Escape).
 */
import { useId, useMemo, useState } from 'react';
import Modal from '../../components/account/Modal';
import { evaluate, type Catalogues, type NucleusDocument } from '../../rules/engine';
import type { Version } from '../../storage/types';
import type { EditorDefinition } from './definition';
import { changedPaths } from './versionDiff';
import { countOf } from './plural';

export interface HistoryDialogProps<D extends NucleusDocument> {
  versions: Version[] | null;
  current: D;
  definition: EditorDefinition<D>;
  catalogues: Partial<Catalogues>;
  noun: string;
  onRestore: (versionId: string) => void;
  onClose: () => void;
}

const when = (iso: string) => new Date(iso).toLocaleString();
/** "properties.rate" → "Rate", "sideEffects" → "Side effects": the field's own name when the editor gives none. */
const plainName = (path: string) => {
  const word = path.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? path;
  const spaced = word.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export function HistoryDialog<D extends NucleusDocument>({ versions, current, definition, catalogues, noun, onRestore, onClose }: HistoryDialogProps<D>) {
  const titleId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const version = versions?.find((v) => v.id === chosen) ?? versions?.[0];
  return (
    <Modal open={!!versions} onClose={onClose} titleId={titleId} title="History" eyebrow={noun} className="kit-dialog kit-history">
      {versions && versions.length === 0 && <p>No saved versions yet.</p>}
      {versions && version && (
        <div className="kit-history-body">
          <ol className="kit-versions" aria-label="Saved versions">
            {versions.map((v) => (
              <li key={v.id}>
                <button type="button" className={`kit-version${v.id === version.id ? ' is-on' : ''}`} aria-pressed={v.id === version.id} onClick={() => setChosen(v.id)}>
                  <time dateTime={v.savedAt}>{when(v.savedAt)}</time>
                  <span className="kit-version-summary">{v.summary}</span>
                </button>
              </li>
            ))}
          </ol>
          <VersionPreview version={version} current={current} definition={definition} catalogues={catalogues} onRestore={onRestore} />
        </div>
      )}
    </Modal>
  );
}

function VersionPreview<D extends NucleusDocument>({ version, current, definition, catalogues, onRestore }: Pick<HistoryDialogProps<D>, 'current' | 'definition' | 'catalogues' | 'onRestore'> & { version: Version }) {
  const doc = version.document as D;
  const then = useMemo(() => definition.summary(doc, evaluate(doc, catalogues), catalogues), [doc, catalogues]);
  const now = useMemo(() => definition.summary(current, evaluate(current, catalogues), catalogues), [current, catalogues]);
  const changed = useMemo(() => changedPaths(doc, current), [doc, current]);
  const label = (path: string) => definition.labelFor?.(path, current, catalogues) ?? plainName(path);
  return (
    <section className="kit-version-preview" aria-label={`The version of ${when(version.savedAt)}`}>
      <h3>{doc.name || `Untitled`}</h3>
      <p className="kit-muted">Saved {when(version.savedAt)}</p>
      <table className="kit-version-table">
        <thead>
          <tr>
            <td />
            <th scope="col">This version</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          {then.map((item, i) => (
            <tr key={item.term}>
              <th scope="row">{item.term}</th>
              <td>{item.value}</td>
              <td>{now[i]?.term === item.term ? now[i]!.value : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="kit-version-changes">
        {changed.length === 0 ? 'The same as now.' : `${countOf(changed.length, 'field differs', 'fields differ')} from now: ${changed.slice(0, 8).map(label).join(', ')}${changed.length > 8 ? '…' : ''}.`}
      </p>
      <button type="button" className="btn btn-primary" disabled={changed.length === 0} onClick={() => onRestore(version.id)}>
        Restore this version
      </button>
    </section>
  );
}
