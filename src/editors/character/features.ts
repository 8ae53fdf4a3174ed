/**
 * Whether a feature can be taken now, and why not (GAME.md §2; rules SPEC
 * H4). A locked node stays in the tree and says why, rather than
 * disappearing; the player may still take it anyway (warn, never block), and
 * the rules engine then reports the rule broken on the taken feature.
 */
import { TIER_MIN_RANK, featureSlotsForRank, type Catalogues, type Character, type FeatureEntry } from '../../rules/engine';
import { rankOf } from './edit';

export type FeatureState = 'available' | 'taken' | 'maxed' | 'locked';

export interface FeatureStatus {
  entry: FeatureEntry;
  /** How many times the character holds it (0 = not taken). */
  times: number;
  state: FeatureState;
  /** Why it cannot be taken (once more) now; absent when it can. */
  reason?: string;
  /** Names of prerequisites the character lacks. */
  missing: string[];
  /** Held features that need this one (giving it up would break them). */
  neededBy: string[];
}

export function slotsUsed(c: Pick<Character, 'features'>): number {
  return c.features.reduce((n, f) => n + Math.max(1, f.times ?? 1), 0);
}

export function featureStatus(c: Character, entry: FeatureEntry, catalogues: Pick<Catalogues, 'features'>): FeatureStatus {
  const rank = rankOf(c);
  const held = new Map(c.features.map((f) => [f.id, f.times ?? 1]));
  const times = held.get(entry.id) ?? 0;
  const name = (id: string) => catalogues.features.find((f) => f.id === id)?.name ?? id;
  const missing = entry.prerequisites.filter((p) => !held.has(p)).map(name);
  const neededBy = catalogues.features.filter((f) => held.has(f.id) && f.prerequisites.includes(entry.id)).map((f) => f.name);
  const slots = featureSlotsForRank(rank);
  const used = slotsUsed(c);
  const minRank = TIER_MIN_RANK[entry.tier]!;

  let reason: string | undefined;
  if (times >= entry.maxTimes) {
    reason = entry.maxTimes === 1 ? `${entry.name} is taken; it can be taken once.` : `${entry.name} is taken ${times} times, the most allowed.`;
  } else if (rank < minRank) reason = `${entry.name} is a tier ${entry.tier} feature: it needs rank ${minRank} (this character is rank ${rank}).`;
  else if (missing.length) reason = `${entry.name} needs ${missing.join(' and ')} first.`;
  else if (used >= slots) reason = `No feature slot left (${used} of ${slots} used): gain a rank or give up a feature.`;

  const state: FeatureState = times >= entry.maxTimes ? 'maxed' : reason ? (times > 0 ? 'taken' : 'locked') : times > 0 ? 'taken' : 'available';
  return { entry, times, state, reason, missing, neededBy };
}

/**
 * Whether a refused feature may be taken anyway: every rule's limit may be
 * passed (tier, prerequisites, slots, a multi-take feature's most), except a
 * once-only feature already held, where a second taking means nothing.
 */
export function canTakeAnyway(s: FeatureStatus): boolean {
  return !!s.reason && !(s.entry.maxTimes === 1 && s.times >= 1);
}

/** What the tree says about the chosen feature; `times` is its count when said (taken, or refused with 0 or more). */
export type FeatureMessage = { id: string; text: string; kind: 'refused' | 'done'; times?: number; anyway?: () => void };

/** The message only while it is still true: once the feature's count changes (given up, taken elsewhere), it has nothing to say. */
export function currentMessage(message: FeatureMessage | undefined, statuses: readonly FeatureStatus[]): FeatureMessage | undefined {
  if (!message || message.times === undefined) return message;
  return statuses.find((s) => s.entry.id === message.id)?.times === message.times ? message : undefined;
}
