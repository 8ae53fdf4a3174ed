import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveHold, PAUSE_MS, type HoldSide } from './liveHold';
import { isHeld, releaseSync } from '../../storage/syncHold';

/** What the hold told sync, in order. */
function recorder(): HoldSide & { said: string[] } {
  const said: string[] = [];
  return { said, hold: (id) => said.push(`hold ${id}`), release: (id) => said.push(`release ${id}`), flush: (id) => said.push(`flush ${id}`) };
}

describe('the encounter document is held from the cloud while its fight is live', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns of a round are held; the next round pushes the one before and holds again', () => {
    const side = recorder();
    const h = new LiveHold('e1', side);
    h.changed(true, 1);
    h.changed(true, 1);
    h.changed(true, 1);
    expect(side.said).toEqual(['hold e1']);
    h.changed(true, 2);
    expect(side.said).toEqual(['hold e1', 'flush e1']);
    h.changed(true, 2);
    expect(side.said).toEqual(['hold e1', 'flush e1']);
  });

  it('the fight ending, or the encounter no longer run in a campaign, releases it', () => {
    const side = recorder();
    const h = new LiveHold('e1', side);
    h.changed(true, 1);
    h.changed(false, null);
    expect(side.said).toEqual(['hold e1', 'release e1']);
    // A new fight holds again; its first round is no "round end".
    h.changed(true, 1);
    expect(side.said).toEqual(['hold e1', 'release e1', 'hold e1']);
  });

  it('a pause (no change for a minute) releases it; the next change holds again', () => {
    const side = recorder();
    const h = new LiveHold('e1', side);
    h.changed(true, 1);
    vi.advanceTimersByTime(PAUSE_MS - 1);
    expect(side.said).toEqual(['hold e1']);
    vi.advanceTimersByTime(1);
    expect(side.said).toEqual(['hold e1', 'release e1']);
    h.changed(true, 1);
    expect(side.said).toEqual(['hold e1', 'release e1', 'hold e1']);
  });

  it('the tab hidden or left releases it at once; shown again, it holds', () => {
    const side = recorder();
    const h = new LiveHold('e1', side);
    h.changed(true, 3);
    h.hide();
    h.changed(true, 3);
    expect(side.said).toEqual(['hold e1', 'release e1']);
    h.shown();
    expect(side.said).toEqual(['hold e1', 'release e1', 'hold e1']);
    // While hidden a new round is not a flush: nothing is held then.
    h.hide();
    h.changed(true, 4);
    expect(side.said).toEqual(['hold e1', 'release e1', 'hold e1', 'release e1']);
  });

  it('closing the document releases it and stops the pause timer', () => {
    const side = recorder();
    const h = new LiveHold('e1', side);
    h.changed(true, 1);
    h.stop();
    vi.advanceTimersByTime(PAUSE_MS * 2);
    expect(side.said).toEqual(['hold e1', 'release e1']);
  });

  it('a fight not run in a campaign is never held', () => {
    const side = recorder();
    const h = new LiveHold('e1', side);
    h.changed(false, 1);
    h.changed(false, 2);
    vi.advanceTimersByTime(PAUSE_MS);
    expect(side.said).toEqual([]);
  });

  it('by default it holds and releases in the sync layer', () => {
    const h = new LiveHold('e-default');
    h.changed(true, 1);
    expect(isHeld('e-default')).toBe(true);
    h.stop();
    expect(isHeld('e-default')).toBe(false);
    releaseSync('e-default');
  });
});
