/**
 * Version history policy (issue: "History and trash"). Pure.
 * - V1 A save within 30 s of the newest version replaces it (continuous
 *   editing coalesces), otherwise it adds a version.
 * - V2 Pruning keeps the newest 50 versions, and before those one per
 *   calendar day (UTC), the newest of that day.
 */
export const COALESCE_MS = 30_000;
export const KEEP_RECENT = 50;

export interface VersionEntry {
  /** Time of the save (ms since epoch). */
  at: number;
  revision: number;
}

/** V1: does a save at `now` start a new version, or fold into the newest one? */
export function startsNewVersion(newest: VersionEntry | undefined, now: number): boolean {
  return !newest || now - newest.at >= COALESCE_MS;
}

/** V2: the versions to keep, newest first. */
export function pruneVersions<T extends VersionEntry>(versions: readonly T[]): T[] {
  const sorted = [...versions].sort((a, b) => b.at - a.at);
  const kept = sorted.slice(0, KEEP_RECENT);
  const days = new Set<string>();
  for (const v of sorted.slice(KEEP_RECENT)) {
    const day = new Date(v.at).toISOString().slice(0, 10);
    if (days.has(day)) continue;
    days.add(day);
    kept.push(v);
  }
  return kept;
}

/** A short, human summary of what changed between two versions of a document. */
export function summariseChange(before: Record<string, unknown> | null, after: Record<string, unknown>): string {
  if (!before) return 'Created';
  const skip = new Set(['updatedAt', 'revision', 'createdAt']);
  const changed: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.has(key)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed.push(key);
  }
  if (changed.length === 0) return 'No changes';
  const label = (k: string) => k.replace(/([A-Z])/g, ' $1').toLowerCase();
  return changed.length <= 3 ? `Changed ${changed.map(label).join(', ')}` : `Changed ${changed.slice(0, 3).map(label).join(', ')} and ${changed.length - 3} more`;
}
