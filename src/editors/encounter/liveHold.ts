/**
 * While the game master runs a fight in a campaign, the encounter
 * document's cloud sync is held back (src/storage/syncHold.ts): the tracker
 * changes it at every click, and the campaign's live document already
 * carries each change to the players. The document still saves on this
 * device at once; the cloud gets it when a round ends, when the fight
 * pauses (no change for PAUSE_MS), when the tab is hidden or left, and
 * when the fight ends or stops being run (docs/accounts.md "A live
 * fight's writes and reads").
 */
import { flushHeld, holdSync, releaseSync } from '../../storage/syncHold';

/** No tracker change for this long: the table has paused, and the cloud gets the fight as it stands. */
export const PAUSE_MS = 60_000;

export interface HoldSide {
  hold(id: string): void;
  release(id: string): void;
  flush(id: string): void;
}

const syncSide: HoldSide = { hold: holdSync, release: releaseSync, flush: flushHeld };

export class LiveHold {
  private live = false;
  private round: number | null = null;
  private hidden = false;
  private paused = false;
  private holding = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly id: string,
    private readonly side: HoldSide = syncSide,
  ) {}

  /**
   * The document changed. `live`: run in a campaign with a fight going;
   * `round`: the fight's round. A new round pushes the one before.
   */
  changed(live: boolean, round: number | null): void {
    const newRound = this.holding && live && this.round !== null && round !== this.round;
    this.live = live;
    this.round = live ? round : null;
    this.paused = false;
    if (newRound) this.side.flush(this.id);
    this.settle();
    this.restartPause();
  }

  /** The tab is hidden or the page left (pagehide): the cloud gets everything now. */
  hide(): void {
    this.hidden = true;
    this.settle();
  }

  shown(): void {
    this.hidden = false;
    this.settle();
  }

  /** The editor closes this document. */
  stop(): void {
    this.live = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.settle();
  }

  private restartPause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.live) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.paused = true;
      this.settle();
    }, PAUSE_MS);
  }

  private settle(): void {
    const hold = this.live && !this.hidden && !this.paused;
    if (hold === this.holding) return;
    this.holding = hold;
    if (hold) this.side.hold(this.id);
    else this.side.release(this.id);
  }
}
