/**
 * What an open document's frame says about its saving, above the form:
 * storage failing, a save's error, cloud sync stopped, edits recovered, a newer version from
 * elsewhere, a document too large, a sync conflict, a copy made of it.
 */
import type { NucleusDocument } from '../../rules/engine';
import { $storageProblem } from '../../storage/active';
import { $syncStatus, type SyncStatus } from '../../storage/syncStatus';
import { useAtom, type DocumentSession } from './session';
import { RecoveredNotice, ReplacedNotice, StorageProblemNotice, SyncConflictNotice, TooLargeNotice } from './StorageNotices';
import { ConflictNotice, MovedNotice } from './ConflictNotice';

interface FrameNoticesProps<D extends NucleusDocument> {
  session: DocumentSession<D>;
  kind: NucleusDocument['kind'];
  noun: string;
  readOnly: boolean;
  onExport: () => void;
  onHistory: () => void;
  /** The editor's own words for what differs in a conflict (EditorDefinition.differences). */
  describeDifferences?: (here: D, there: D) => string[];
}

export function FrameNotices<D extends NucleusDocument>({ session, kind, noun, readOnly, onExport, onHistory, describeDifferences }: FrameNoticesProps<D>) {
  const storageProblem = useAtom($storageProblem, null);
  // Why sync stopped (an account deleted or being deleted elsewhere, a refusal), where the person is typing.
  const sync = useAtom<SyncStatus>($syncStatus, $syncStatus.get());
  return (
    <>
    {!readOnly && storageProblem && <StorageProblemNotice problem={storageProblem} onExport={onExport} />}
    {session.error && (
      <p className="kit-alert" role="alert">
        {session.error}
      </p>
    )}
    {!readOnly && sync.phase === 'error' && sync.message && (
      <p className="kit-alert" role="alert" data-sync-stopped>
        {sync.message}
      </p>
    )}
    {session.recovered && <RecoveredNotice recovered={session.recovered} kind={kind} noun={noun} onDismiss={() => session.dismissNotice('recovered')} />}
    {session.replaced && !session.conflict && <ReplacedNotice noun={noun} onHistory={onHistory} onDismiss={() => session.dismissNotice('replaced')} />}
    {session.tooLarge !== null && <TooLargeNotice chars={session.tooLarge} noun={noun} />}
    {session.syncConflict && !session.conflict && <SyncConflictNotice conflict={session.syncConflict} kind={kind} noun={noun} />}
    {session.conflict && <ConflictNotice conflict={session.conflict} noun={noun} onChoose={session.chooseConflict} describe={describeDifferences as ((here: NucleusDocument, there: NucleusDocument) => string[]) | undefined} />}
    {session.movedToCopy && !session.conflict && <MovedNotice moved={session.movedToCopy} kind={kind} noun={noun} onDismiss={session.dismissMovedToCopy} />}
    </>
  );
}
