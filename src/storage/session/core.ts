/**
 * One open document's state and its saves: the atoms the editor reads,
 * the revision the session last saved or loaded, the journal, and the one
 * lane saves go through (S1, S2, S6; the rules are in ../session.ts).
 */
import { atom } from 'nanostores';
import type { NucleusDocument } from '../../rules';
import { summariseChange } from '../versions';
import type { DocumentRepository, MovedToCopy, StoredDocument } from '../types';
import { saveProblem } from '../problems';
import { contentKey, type Journal, type Recovered } from '../journal';
import type { Conflict, SaveState } from '../session';

export interface SessionSetup {
  repo: DocumentRepository;
  initial: NucleusDocument;
  stored: StoredDocument | null;
  recovered: Recovered | null;
  recoveryError: string | null;
  journal: Journal | null;
  validity?: (document: NucleusDocument) => boolean;
  delayMs: number;
  now: () => number;
}

export class SessionCore {
  readonly id: string;
  readonly repo: DocumentRepository;
  readonly now: () => number;
  readonly validity?: (document: NucleusDocument) => boolean;
  readonly $document;
  readonly $saveState;
  readonly $conflict = atom<Conflict | null>(null);
  readonly $error;
  readonly $stored;
  readonly $movedToCopy = atom<MovedToCopy | null>(null);
  readonly $recovered;
  readonly $replaced = atom<{ revision: number } | null>(null);
  readonly $tooLarge = atom<number | null>(null);
  /** S2: the revision this session last saved or loaded. */
  revision: number;
  /** Edits not in the store yet. */
  dirty: boolean;
  editedAt: number;
  closed = false;
  /** The save (or exclusive work) under way; others wait for it. */
  saving: Promise<void> | null = null;
  /** What to do when the session's conflict begins (conflicts.ts keeps both sides). */
  onConflict: (theirs: StoredDocument) => void = () => undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** J3's `landing`: the revision and content a save under way writes. */
  private inFlight: { revision: number; content: string } | null = null;
  private readonly journal: Journal | null;
  private readonly delay: number;

  constructor(setup: SessionSetup) {
    this.repo = setup.repo;
    this.now = setup.now;
    this.validity = setup.validity;
    this.journal = setup.journal;
    this.delay = setup.delayMs;
    this.id = setup.initial.id;
    this.$document = atom<NucleusDocument>(setup.initial);
    this.$saveState = atom<SaveState>(setup.stored ? 'saved' : 'unsaved');
    this.$error = atom<string | null>(setup.recoveryError);
    this.$stored = atom<StoredDocument | null>(setup.stored);
    this.$recovered = atom<Recovered | null>(setup.recovered);
    this.revision = setup.stored?.revision ?? 0;
    this.dirty = !setup.stored;
    this.editedAt = this.now();
  }

  /** S6/J1: the working document into the journal, synchronously. */
  record(): void {
    const inFlight = this.inFlight;
    this.journal?.write({ documentId: this.id, basedOn: this.revision, editedAt: this.editedAt, document: this.$document.get(), ...(inFlight ? { landing: inFlight } : {}) });
  }

  /** S6/J2: after a save, the journal holds only what the store does not. */
  settled(): void {
    if (this.dirty) this.record();
    else this.journal?.clear(this.id);
  }

  /** S1: saves AUTOSAVE_MS after the last call. */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delay);
  }

  stopTimer(): void {
    clearTimeout(this.timer);
  }

  /** A conflict whose two sides are not both kept yet: nothing saves under the id until they are. */
  holding(): boolean {
    const c = this.$conflict.get();
    return !!c && !c.kept;
  }

  /** Waits until no save of this session is under way. */
  async idle(): Promise<void> {
    while (this.saving) await this.saving;
  }

  /** S1: starts the write synchronously when nothing else is being saved (pagehide needs that). */
  flush = async (): Promise<void> => {
    clearTimeout(this.timer);
    await this.idle();
    if (!this.dirty || this.holding()) return;
    this.saving = this.saveOnce().finally(() => (this.saving = null));
    await this.saving;
    if (this.dirty && !this.holding() && !this.closed) this.schedule();
  };

  /** S2: one save, based on the revision last saved or loaded; a conflict goes to `onConflict`. */
  private async saveOnce(): Promise<void> {
    const doc = this.$document.get();
    this.dirty = false;
    this.$saveState.set('saving');
    this.inFlight = this.journal ? { revision: this.revision + 1, content: contentKey(doc) } : null;
    try {
      const r = await this.repo.save(doc, { basedOn: this.revision, valid: this.validity?.(doc) });
      this.inFlight = null;
      if (r.ok) {
        this.revision = r.stored.revision;
        this.$stored.set(r.stored);
        this.$error.set(null);
        this.$saveState.set(this.dirty ? 'unsaved' : 'saved');
        this.settled();
      } else {
        this.onConflict(r.conflict);
      }
    } catch (e) {
      this.inFlight = null;
      this.dirty = true;
      this.$error.set(saveProblem(e));
      this.$saveState.set('error');
    }
  }

  /** Runs `work` as this session's save (other saves and remote reloads wait for it). */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await this.idle();
    const run = work();
    this.saving = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await run;
    } finally {
      this.saving = null;
    }
  }

  /** A stored document is now what the session shows, with nothing unsaved. */
  show(stored: StoredDocument): void {
    this.revision = stored.revision;
    this.dirty = false;
    this.$stored.set(stored);
    this.$document.set(stored.document);
    this.$saveState.set('saved');
    this.settled();
  }

  /** What differs between their side and this session's, for the conflict notice. */
  differs(theirs: StoredDocument, mine: NucleusDocument): string {
    return summariseChange(theirs.document as Record<string, unknown>, mine as Record<string, unknown>).replace(/^Changed /, '');
  }
}
