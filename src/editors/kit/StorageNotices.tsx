/**
 * What an open document says about where its work is, beyond the save
 * indicator: storage that cannot be used (work kept in the page), edits
 * recovered from a page that went away, a version saved elsewhere that
 * replaced the one shown, a document too large for the cloud, and a
 * conflict cloud sync kept both ways. Each is a sentence with what to do.
 */
import type { ReactNode } from 'react';
import type { Recovered } from '../../storage/journal';
import type { ConflictRecord } from '../../storage/syncStore';
import { MAX_CLOUD_JSON, type DocumentKind } from '../../storage/types';
import { editorHref, libraryHref } from '../../storage/editorLinks';

const count = (n: number) => n.toLocaleString('en');

/** A notice's buttons: its own actions, then "Got it", which puts it away. */
export function NoticeActions({ onDismiss, children }: { onDismiss: () => void; children?: ReactNode }) {
  return (
    <div className="kit-conflict-actions">
      {children}
      <button type="button" className="btn" onClick={onDismiss}>
        Got it
      </button>
    </div>
  );
}

/** This device's storage cannot be used: the page keeps the work; Export keeps a copy. */
export function StorageProblemNotice({ problem, onExport }: { problem: string; onExport?: () => void }) {
  return (
    <div className="kit-alert kit-storage-problem" role="alert" data-storage-problem>
      <p>{problem}</p>
      {onExport && (
        <div className="kit-conflict-actions">
          <button type="button" className="btn" onClick={onExport}>
            Export
          </button>
        </div>
      )}
    </div>
  );
}

/** Edits the page had not saved when it went away, brought back on opening. */
export function RecoveredNotice({ recovered, kind, noun, onDismiss }: { recovered: Recovered; kind: DocumentKind; noun: string; onDismiss: () => void }) {
  return (
    <div className="kit-notice" role="status" data-recovered={recovered.kind}>
      {recovered.kind === 'restored' ? (
        <p>Your last edits to this {noun}, made just before the page closed, were recovered and saved.</p>
      ) : (
        <p>
          Edits made just before the page closed could not go into this {noun}, which was changed elsewhere meanwhile. They are kept as{' '}
          <a href={editorHref(kind, recovered.copy.id)}>“{recovered.copy.name}”</a>.
        </p>
      )}
      <NoticeActions onDismiss={onDismiss} />
    </div>
  );
}

/** Another tab or device saved this document; nothing here was unsaved, so its version is shown now. */
export function ReplacedNotice({ noun, onHistory, onDismiss }: { noun: string; onHistory: () => void; onDismiss: () => void }) {
  return (
    <div className="kit-notice" role="status" data-replaced>
      <p>This {noun} was just changed in another tab or on another device; that version is shown now. The one you had is in its history.</p>
      <NoticeActions onDismiss={onDismiss}>
        <button type="button" className="btn" onClick={onHistory}>
          History
        </button>
      </NoticeActions>
    </div>
  );
}

/** Saved here, but too large to ever reach the cloud. */
export function TooLargeNotice({ chars, noun }: { chars: number; noun: string }) {
  return (
    <p className="kit-alert" role="alert" data-too-large>
      This {noun} is now {count(chars)} characters long; the cloud keeps at most {count(MAX_CLOUD_JSON)}. It is saved on this device but will not sync until it is shorter (long notes are the usual cause).
    </p>
  );
}

/** Cloud sync found this document changed on two devices and kept both. */
export function SyncConflictNotice({ conflict, kind, noun }: { conflict: ConflictRecord; kind: DocumentKind; noun: string }) {
  return (
    <div className="kit-alert kit-conflict" role="alert" data-sync-conflict={conflict.id}>
      <p>
        Conflict: this {noun} was changed on two devices. Both versions are kept: “{conflict.name}” and{' '}
        <a href={editorHref(kind, conflict.copyId)}>“{conflict.copyName}”</a>. <a href={libraryHref('cloud-conflicts')}>Compare and choose in the library</a>.
      </p>
    </div>
  );
}
