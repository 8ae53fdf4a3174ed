/**
 * The saved versions of a document beside a preview of the one chosen: its
 * summary against the document now, and which fields differ, before
 * "Restore this version". Shared by the editors' History (HistoryDialog.tsx)
 * and the library's, each inside its own Modal, which is the one way to
 * close. It lives in components because the layers let the editors use
 * components, not the other way round. It takes the summary as a function,
 * so the library can preview a version without loading an editor and its
 * catalogues.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { NucleusDocument } from '../../rules';
import type { Version } from '../../storage/types';
import { changedPaths } from './versionDiff';
import './versionHistory.css';

export interface VersionHistoryProps<D extends NucleusDocument> {
  /** Newest first; the first is chosen until another is. */
  versions: Version[];
  /** The document now, what each version is compared with. */
  current: D;
  /** The values a version is summed up by (Spent, Price…), the same rows for it and for now. */
  summarize(doc: D): { term: string; value: ReactNode }[];
  /** Plain name of a field at a path; else one made from the path. */
  labelFor?(path: string): string | undefined;
  /** Marks the newest version as the current one (the library's list is of stored versions only). */
  markCurrent?: boolean;
  onRestore(version: Version): void;
}

const when = (iso: string) => new Date(iso).toLocaleString();
/** "properties.rate" → "Rate", "sideEffects" → "Side effects": the field's own name when the editor gives none. */
const plainName = (path: string) => {
  const word =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  const spaced = word.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export function VersionHistory<D extends NucleusDocument>({ versions, current, summarize, labelFor, markCurrent, onRestore }: VersionHistoryProps<D>) {
  const [chosen, setChosen] = useState<string | null>(null);
  const version = versions.find((v) => v.id === chosen) ?? versions[0];
  if (!version) return <p>No saved versions yet.</p>;
  return (
    <div className="kit-history-body">
      <ol className="kit-versions" aria-label="Saved versions">
        {versions.map((v, i) => (
          <li key={v.id}>
            <button type="button" className={`kit-version${v.id === version.id ? ' is-on' : ''}`} aria-pressed={v.id === version.id} onClick={() => setChosen(v.id)}>
              <time dateTime={v.savedAt}>
                {when(v.savedAt)}
                {markCurrent && i === 0 && <span className="kit-version-current"> · current</span>}
              </time>
              <span className="kit-version-summary">{v.summary}</span>
            </button>
          </li>
        ))}
      </ol>
      <VersionPreview version={version} current={current} summarize={summarize} labelFor={labelFor} onRestore={onRestore} />
    </div>
  );
}

function VersionPreview<D extends NucleusDocument>({ version, current, summarize, labelFor, onRestore }: Omit<VersionHistoryProps<D>, 'versions' | 'markCurrent'> & { version: Version }) {
  const doc = version.document as D;
  const then = useMemo(() => summarize(doc), [doc, summarize]);
  const now = useMemo(() => summarize(current), [current, summarize]);
  const changed = useMemo(() => changedPaths(doc, current), [doc, current]);
  const label = (path: string) => labelFor?.(path) ?? plainName(path);
  return (
    <section className="kit-version-preview" aria-label={`The version of ${when(version.savedAt)}`}>
      <h3>{doc.name || `Untitled`}</h3>
      <p className="kit-version-saved">Saved {when(version.savedAt)}</p>
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
        {changed.length === 0
          ? 'The same as now.'
          : `${changed.length} ${changed.length === 1 ? 'field differs' : 'fields differ'} from now: ${changed.slice(0, 8).map(label).join(', ')}${changed.length > 8 ? '…' : ''}.`}
      </p>
      <button type="button" className="btn btn-primary" disabled={changed.length === 0} onClick={() => onRestore(version)}>
        Restore this version
      </button>
    </section>
  );
}
