/**
 * S4 (../session.ts): a conflict keeps both sides at once, so closing the
 * tab then loses nothing; the player later keeps it so or swaps the two.
 */
import type { NucleusDocument } from '../../rules';
import { conflictCopyName, resolveConflict } from '../conflicts';
import type { StoredDocument } from '../types';
import type { Conflict, ConflictResolution } from '../session';
import type { SessionCore } from './core';
import { whyFailed } from '../problems';

type Kept = Conflict & { kept: 'mine' | 'theirs'; copy: StoredDocument };

/** A fresh document id. */
export function newDocumentId(): string {
  return globalThis.crypto.randomUUID();
}

export class ConflictKeeper {
  constructor(private readonly s: SessionCore) {
    s.onConflict = (theirs) => this.enter(theirs);
  }

  /** Another save won: show the conflict and keep both sides now. */
  enter(theirs: StoredDocument): void {
    const s = this.s;
    s.stopTimer();
    s.dirty = true;
    const mine = s.$document.get();
    s.$conflict.set({ mine, theirs, differs: s.differs(theirs, mine) });
    s.$saveState.set('conflict');
    // S4: keep both now; the player chooses later.
    void this.keepBoth().catch((e: Error) => {
      s.$error.set(whyFailed(e));
      s.$saveState.set('conflict');
    });
  }

  /** The player's choice: keep it so (or as `keep` says), waiting for the automatic keep-both first. */
  async choose(keep?: 'mine' | 'theirs'): Promise<ConflictResolution> {
    const s = this.s;
    const c = s.$conflict.get();
    if (!c) throw new Error('There is no conflict to resolve.');
    if (!c.kept || !c.copy) {
      // The automatic keep-both may be under way: wait for it, then decide on its outcome.
      await s.idle();
      const now = s.$conflict.get();
      if (now && !now.kept) return this.keepBoth(keep);
      if (!now?.kept || !now.copy) throw new Error('There is no conflict to resolve.');
      return this.choose(keep);
    }
    if (!keep || keep === c.kept) {
      s.$conflict.set(null);
      return { kept: c.kept, copy: c.copy };
    }
    return this.swap(c as Kept);
  }

  private copyOf(doc: NucleusDocument, when: Date): NucleusDocument {
    return { ...doc, id: newDocumentId(), name: conflictCopyName(doc.name, when), createdAt: new Date(this.s.now()).toISOString() } as NucleusDocument;
  }

  /** S4 before a choice: both sides saved, the one changed last under the id. */
  private keepBoth(keep?: 'mine' | 'theirs'): Promise<ConflictResolution> {
    const s = this.s;
    return s.exclusive(async () => {
      const c = s.$conflict.get();
      if (!c || c.kept) throw new Error('There is no conflict to resolve.');
      const theirs = (await s.repo.get(s.id)) ?? c.theirs;
      const mine = s.$document.get();
      const editedIso = new Date(s.editedAt).toISOString();
      const side = { mine: { id: s.id, name: mine.name, revision: s.revision, updatedAt: editedIso }, theirs: { id: s.id, name: theirs.name, revision: theirs.revision, updatedAt: theirs.updatedAt } };
      const kept = keep ?? (resolveConflict(side.theirs, side.mine).keep === side.mine ? 'mine' : 'theirs');
      const copyDoc = this.copyOf(kept === 'mine' ? theirs.document : mine, new Date(kept === 'mine' ? theirs.updatedAt : editedIso));
      const copy = await s.repo.save(copyDoc, { basedOn: 0, valid: s.validity?.(copyDoc) });
      if (!copy.ok) throw new Error('The conflict copy could not be saved.');
      const copyStored = kept === 'mine' ? await this.keepMine(mine, theirs, copy.stored) : await this.takeTheirs(mine, theirs, copy.stored);
      s.$conflict.set({ ...c, mine, theirs, kept, copy: copyStored });
      s.$error.set(null);
      s.$saveState.set(s.dirty ? 'unsaved' : 'saved');
      s.settled();
      if (s.dirty) s.schedule();
      return { kept, copy: copyStored };
    });
  }

  /** This side stays under the id; the tab that showed theirs hears where it went. */
  private async keepMine(mine: NucleusDocument, theirs: StoredDocument, copy: StoredDocument): Promise<StoredDocument> {
    const s = this.s;
    const movedToCopy = { revision: theirs.revision, id: copy.id, name: copy.name };
    const r = await s.repo.save(mine, { basedOn: theirs.revision, valid: s.validity?.(mine), newVersion: true, movedToCopy });
    if (!r.ok) throw new Error('The document changed again while the conflict was being resolved; reload the page to compare once more.');
    s.revision = r.stored.revision;
    s.$stored.set(r.stored);
    s.dirty = s.$document.get() !== mine;
    return copy;
  }

  /** Theirs stays under the id; this side (with edits typed meanwhile) is the copy. */
  private async takeTheirs(mine: NucleusDocument, theirs: StoredDocument, copy: StoredDocument): Promise<StoredDocument> {
    const s = this.s;
    s.revision = theirs.revision;
    s.$stored.set(theirs);
    // Edits typed while the copy was written belong to the copy too.
    const latest = s.$document.get();
    let copyStored = copy;
    if (latest !== mine) {
      const again = await s.repo.save({ ...latest, id: copy.id, name: copy.name } as NucleusDocument, { basedOn: copy.revision });
      if (again.ok) copyStored = again.stored;
    }
    s.dirty = false;
    s.$document.set(theirs.document);
    return copyStored;
  }

  /** S4 after both are kept: the other side comes back under the id, this one goes to the copy. */
  private async swap(c: Kept): Promise<ConflictResolution> {
    const s = this.s;
    await s.flush();
    return s.exclusive(async () => {
      const copy = (await s.repo.get(c.copy.id)) ?? c.copy;
      const here = s.$document.get();
      const otherName = c.kept === 'mine' ? c.theirs.document.name : c.mine.name;
      const back = { ...copy.document, id: s.id, name: otherName } as NucleusDocument;
      const moved = { ...here, id: copy.id, name: conflictCopyName(here.name, new Date(s.now())) } as NucleusDocument;
      const movedToCopy = { revision: s.revision, id: copy.id, name: moved.name };
      const r = await s.repo.save(back, { basedOn: s.revision, valid: s.validity?.(back), newVersion: true, movedToCopy });
      if (!r.ok) throw new Error('The document changed again elsewhere; reload the page to compare once more.');
      const m = await s.repo.save(moved, { basedOn: copy.revision, valid: s.validity?.(moved), newVersion: true });
      if (!m.ok) throw new Error('The conflict copy changed meanwhile; open it to compare.');
      s.$conflict.set(null);
      s.show(r.stored);
      return { kept: c.kept === 'mine' ? 'theirs' : 'mine', copy: m.stored };
    });
  }
}
