/**
 * S3 and S7 (../session.ts): saves of the same document elsewhere (another
 * tab, the History menu, the cloud) reach the open session.
 */
import type { ChangeEvent } from '../types';
import { contentKey } from '../journal';
import type { SessionCore } from './core';
import type { ConflictKeeper } from './conflicts';

/** Follows the repository's changes to the session's document; returns the unsubscribe. */
export function followChanges(s: SessionCore, conflicts: ConflictKeeper): () => void {
  return s.repo.subscribe((event) => {
    if (event.id !== s.id) return;
    void onChange(s, conflicts, event);
  });
}

async function onChange(s: SessionCore, conflicts: ConflictKeeper, event: ChangeEvent): Promise<void> {
  // Our own save announces itself before it resolves: wait, then compare revisions.
  await s.idle();
  if (event.type === 'saved' && (event.revision ?? 0) > s.revision) {
    let latest = await s.repo.get(s.id);
    // A save of this session may have started while reading: its outcome decides.
    while (s.saving) {
      await s.saving;
      latest = await s.repo.get(s.id);
    }
    if (!latest || latest.revision <= s.revision) return;
    // S3: with unsaved edits, it is a conflict; neither side is overwritten.
    if (s.dirty || s.holding()) return conflicts.enter(latest);
    // S4: the side this tab showed went to a copy; S7: say that another version replaced it.
    if (event.movedToCopy?.revision === s.revision) s.$movedToCopy.set(event.movedToCopy);
    else if (contentKey(latest.document) !== contentKey(s.$document.get())) s.$replaced.set({ revision: latest.revision });
    s.show(latest);
  } else if (event.type === 'deleted' || event.type === 'restored') {
    const latest = await s.repo.get(s.id);
    if (latest) s.$stored.set({ ...(s.$stored.get() ?? latest), deletedAt: latest.deletedAt });
  } else if (event.type === 'purged') {
    // Gone for good elsewhere: the next save makes it again from this session's copy.
    s.revision = 0;
    s.dirty = true;
    s.$stored.set(null);
    s.$saveState.set('unsaved');
  }
}
