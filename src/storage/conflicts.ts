/**
 * Revisions and conflicts. Pure.
 * - R1 Every save names the revision it was based on; the stored revision
 *   goes up by one on each save.
 * - R2 A save based on an older revision than the stored one is a conflict,
 *   never an overwrite.
 * - R3 A conflict keeps both: the newer (by updatedAt) stays, the other is
 *   saved as a copy named "Name (conflict copy, date)".
 */
export interface Revisioned {
  id: string;
  name: string;
  revision: number;
  updatedAt: string;
}

export type SaveDecision = { ok: true; revision: number } | { ok: false; conflict: true; stored: number };

/** R1/R2: may a save based on `basedOn` go over the stored revision? */
export function decideSave(stored: number | undefined, basedOn: number): SaveDecision {
  if (stored === undefined || stored === basedOn) return { ok: true, revision: (stored ?? 0) + 1 };
  return { ok: false, conflict: true, stored };
}

export function conflictCopyName(name: string, when: Date): string {
  return `${name} (conflict copy, ${when.toISOString().slice(0, 16).replace('T', ' ')})`;
}

/** R3: which side stays and which becomes the copy. */
export function resolveConflict<T extends Revisioned>(stored: T, incoming: T): { keep: T; copy: T } {
  const incomingNewer = Date.parse(incoming.updatedAt) > Date.parse(stored.updatedAt);
  return incomingNewer ? { keep: incoming, copy: stored } : { keep: stored, copy: incoming };
}
