/**
 * Documents whose cloud sync this tab holds back for a while: the game
 * master's encounter during a live fight changes at every click of the
 * tracker, and the campaign's live document already carries the table's
 * state to the players, so pushing each change too would be most of a
 * fight's writes (docs/accounts.md "A live fight's writes and reads").
 *
 * A held document still saves on this device at once and its change is
 * still queued (IndexedDB: it survives a reload); only the push waits.
 * Releasing pushes what is queued at once (the round ended, the fight
 * paused or ended, the tab was hidden). Light: the editors hold and
 * release without loading the sync engine, which reads this when it runs.
 */

import { atom } from 'nanostores';

/** The documents held in this tab (the editor's save indicator says so). */
export const $heldDocuments = atom<readonly string[]>([]);
const held = new Set<string>();
const listeners = new Set<(id: string) => void>();

/** Holds back the cloud push of `id` in this tab until `releaseSync(id)`. */
export function holdSync(id: string): void {
  if (held.has(id)) return;
  held.add(id);
  $heldDocuments.set([...held]);
}

/** Ends the hold on `id`; the sync engine pushes its queued change at once. */
export function releaseSync(id: string): void {
  if (!held.delete(id)) return;
  $heldDocuments.set([...held]);
  for (const l of [...listeners]) l(id);
}

/**
 * Pushes what is queued of `id` now and keeps holding what comes after
 * (a round ended: the cloud gets the fight as it stands, the next round
 * waits again).
 */
export function flushHeld(id: string): void {
  if (!held.has(id)) return;
  for (const l of [...listeners]) l(id);
}

export function isHeld(id: string): boolean {
  return held.has(id);
}

/** The sync engine listens: `id` is to be pushed now (released, or flushed while held). */
export function onHeldPush(listener: (id: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
