/**
 * The notice an open document shows when it was changed in another tab or
 * device while it had unsaved edits here. Storage has already kept both
 * (the one changed last under this id, the other as "Name (conflict copy,
 * date)"); this says which is where, shows what differs, and lets the
 * player keep it so or swap the two.
 */
import type { NucleusDocument } from '../../rules';
// Storage's modules one by one: its index also brings import/export (and zod with them).
import { editorHref } from '../../storage/editorLinks';
import type { Conflict } from '../../storage/session';
import type { DocumentKind, MovedToCopy } from '../../storage/types';
import { NoticeActions } from './StorageNotices';
import './conflict.css';

const MAX_ROWS = 6;
const SKIP = new Set(['id', 'updatedAt', 'createdAt', 'revision', 'schemaVersion']);

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const label = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** The top-level fields that differ between the two sides. */
export function differences(here: NucleusDocument, there: NucleusDocument): { field: string; here: string; there: string }[] {
  const a: Record<string, unknown> = here;
  const b: Record<string, unknown> = there;
  const rows = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SKIP.has(key) || JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
    rows.push({ field: label(key), here: show(a[key]), there: show(b[key]) });
  }
  return rows;
}

export interface ConflictNoticeProps {
  conflict: Conflict;
  noun: string;
  /** Keep the side that is here now (closes the notice), or bring the other side here. */
  onChoose: (side: 'mine' | 'theirs') => void;
  /** What differs in the editor's own words, one sentence each; default: the fields side by side. */
  describe?: (here: NucleusDocument, there: NucleusDocument) => string[];
}

/** The editor's sentences for what differs, the first MAX_ROWS of them. */
function DifferenceList({ sentences }: { sentences: string[] }) {
  return (
    <ul className="kit-conflict-list" aria-label="What differs between the two versions">
      {sentences.slice(0, MAX_ROWS).map((line) => (
        <li key={line}>{line}</li>
      ))}
      {sentences.length > MAX_ROWS && <li>and {sentences.length - MAX_ROWS} more</li>}
    </ul>
  );
}

export function ConflictNotice({ conflict, noun, onChoose, describe }: ConflictNoticeProps) {
  const { kept, copy } = conflict;
  if (!kept || !copy) {
    return (
      <div className="kit-alert kit-conflict" role="alert">
        <p>
          This {noun} was also changed in another tab or device while you edited it here. Keeping both versions…
        </p>
      </div>
    );
  }
  const here = kept === 'mine' ? conflict.mine : conflict.theirs.document;
  const there = kept === 'mine' ? conflict.theirs.document : conflict.mine;
  const sentences = describe?.(here, there);
  const rows = sentences ? [] : differences(here, there);
  const other = kept === 'mine' ? 'theirs' : 'mine';
  return (
    <div className="kit-alert kit-conflict" role="alert" data-conflict-kept={kept}>
      <p>
        This {noun} was also changed in another tab or device while you edited it here. Both versions are kept:{' '}
        {kept === 'mine' ? 'your edits, made last, stay here; the other version' : 'the other version, saved last, is shown here; your edits'} were saved as{' '}
        <a href={editorHref(copy.kind, copy.id)} target="_blank" rel="noopener">
          “{copy.name}”
        </a>
        .
      </p>
      {sentences && sentences.length > 0 && <DifferenceList sentences={sentences} />}
      {rows.length > 0 && (
        <table className="kit-conflict-table">
          <caption className="visually-hidden">What differs between the two versions</caption>
          <thead>
            <tr>
              <th scope="col">Differs in</th>
              <th scope="col">{kept === 'mine' ? 'Your edits (here)' : 'Other version (here)'}</th>
              <th scope="col">{kept === 'mine' ? 'Other version (copy)' : 'Your edits (copy)'}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS).map((r) => (
              <tr key={r.field}>
                <th scope="row">{r.field}</th>
                <td>{r.here}</td>
                <td>{r.there}</td>
              </tr>
            ))}
          </tbody>
          {rows.length > MAX_ROWS && (
            <tfoot>
              <tr>
                <td colSpan={3}>and {rows.length - MAX_ROWS} more</td>
              </tr>
            </tfoot>
          )}
        </table>
      )}
      <div className="kit-conflict-actions">
        <button type="button" className="btn" onClick={() => onChoose(kept)}>
          Keep it so
        </button>
        <button type="button" className="btn" onClick={() => onChoose(other)}>
          {kept === 'mine' ? 'Use the other version here instead' : 'Use your edits here instead'}
        </button>
      </div>
    </div>
  );
}

export interface MovedNoticeProps {
  moved: MovedToCopy;
  kind: DocumentKind;
  noun: string;
  onDismiss: () => void;
}

/**
 * The other side of a conflict: another tab kept both, with its own newer
 * edits under this id, and moved the version this tab showed to a copy.
 * This tab had nothing unsaved, so it shows the new content; the player is
 * told where their version went, so nothing seems lost.
 */
export function MovedNotice({ moved, kind, noun, onDismiss }: MovedNoticeProps) {
  return (
    <div className="kit-alert kit-conflict" role="alert" data-moved-to-copy={moved.id}>
      <p>
        This {noun} was changed in another tab or device with newer edits. Both versions are kept: the newer one is shown here, and the version you had here was saved as{' '}
        <a href={editorHref(kind, moved.id)} target="_blank" rel="noopener">
          “{moved.name}”
        </a>
        .
      </p>
      <NoticeActions onDismiss={onDismiss} />
    </div>
  );
}
