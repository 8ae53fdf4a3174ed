/**
 * Ranks and the advancement log (GAME.md §2; rules SPEC H1–H4, H10).
 *
 * The rank always follows from XP; the log is the editor's record of each
 * rank-up (one entry per rank above 1) with what it gave and whether that
 * has been spent. "Spent" is worked out from the points and slots left, not
 * ticked by hand: points left are charged to the newest rank-ups first,
 * because those are the ones a player has not got round to yet.
 */
import {
  ATTRIBUTES,
  SKILL_NAMES,
  TIER_MIN_RANK,
  attributeCapForRank,
  attributePointsForRank,
  featureSlotsForRank,
  rankForXp,
  skillCapForRank,
  skillPointsForRank,
  xpForRank,
  type Character,
} from '../../rules/engine';

export const MAX_RANK = 10;

/** What reaching `rank` gives (rank ≥ 2). */
export interface RankGains {
  skillPoints: number;
  attributePoints: number;
  featureSlots: number;
  /** A feature tier that opens at this rank. */
  tier?: number;
  /** The skill cap when it rises at this rank. */
  skillCap?: number;
  /** The attribute cap when it rises at this rank. */
  attributeCap?: number;
}

export function gainsAt(rank: number): RankGains {
  const gains: RankGains = {
    skillPoints: skillPointsForRank(rank) - skillPointsForRank(rank - 1),
    attributePoints: attributePointsForRank(rank) - attributePointsForRank(rank - 1),
    featureSlots: featureSlotsForRank(rank) - featureSlotsForRank(rank - 1),
  };
  const tier = Object.entries(TIER_MIN_RANK).find(([, r]) => r === rank && r > 1)?.[0];
  if (tier) gains.tier = Number(tier);
  if (skillCapForRank(rank) > skillCapForRank(rank - 1)) gains.skillCap = skillCapForRank(rank);
  if (attributeCapForRank(rank) > attributeCapForRank(rank - 1)) gains.attributeCap = attributeCapForRank(rank);
  return gains;
}

/** Points and slots a character has not used yet (negative = overspent). */
export interface Unspent {
  skillPoints: number;
  attributePoints: number;
  featureSlots: number;
}

export function unspent(c: Pick<Character, 'xp' | 'attributes' | 'skills' | 'features'>): Unspent {
  const rank = rankForXp(Math.max(0, c.xp));
  const attrSpent = ATTRIBUTES.reduce((n, a) => n + Math.max(0, c.attributes[a] - 1), 0);
  const skillSpent = SKILL_NAMES.reduce((n, s) => n + Math.max(0, c.skills[s]), 0);
  const slotsUsed = c.features.reduce((n, f) => n + Math.max(1, f.times ?? 1), 0);
  return {
    skillPoints: skillPointsForRank(rank) - skillSpent,
    attributePoints: attributePointsForRank(rank) - attrSpent,
    featureSlots: featureSlotsForRank(rank) - slotsUsed,
  };
}

export interface LogEntry {
  rank: number;
  /** When the rank was reached (ISO date-time). */
  at: string;
  gains: RankGains;
  /** What of this rank-up's gains is still to spend. */
  left: Unspent;
  spent: boolean;
}

/**
 * The advancement log as the Ranks panel shows it: one entry per rank from
 * 2 to the current rank, oldest first, dated from the stored log.
 */
export function advancementLog(c: Character, now = ''): LogEntry[] {
  const rank = rankForXp(Math.max(0, c.xp));
  const stored = new Map((c.advancement ?? []).map((e) => [e.rank, e.at]));
  const pool = unspent(c);
  const remaining = { skillPoints: Math.max(0, pool.skillPoints), attributePoints: Math.max(0, pool.attributePoints), featureSlots: Math.max(0, pool.featureSlots) };
  const entries: LogEntry[] = [];
  for (let r = rank; r >= 2; r--) {
    const gains = gainsAt(r);
    const left = {
      skillPoints: Math.min(gains.skillPoints, remaining.skillPoints),
      attributePoints: Math.min(gains.attributePoints, remaining.attributePoints),
      featureSlots: Math.min(gains.featureSlots, remaining.featureSlots),
    };
    remaining.skillPoints -= left.skillPoints;
    remaining.attributePoints -= left.attributePoints;
    remaining.featureSlots -= left.featureSlots;
    const spent = left.skillPoints === 0 && left.attributePoints === 0 && left.featureSlots === 0;
    entries.push({ rank: r, at: stored.get(r) ?? now, gains, left, spent });
  }
  return entries.reverse();
}

/**
 * The document with its stored log brought in line with its XP: an entry
 * (dated `now`) for each rank reached that has none, entries above the rank
 * dropped (XP was lowered), `spent` refreshed. Returns the same object when
 * nothing changed, so no empty undo step is recorded.
 */
export function syncAdvancement(c: Character, now: string): Character {
  const next = advancementLog(c, now).map((e) => ({ rank: e.rank, at: e.at, spent: e.spent }));
  const prev = c.advancement ?? [];
  const same = prev.length === next.length && prev.every((p, i) => p.rank === next[i]!.rank && p.at === next[i]!.at && (p.spent ?? false) === next[i]!.spent);
  if (same && (c.advancement !== undefined || next.length === 0)) return c;
  return { ...c, advancement: next };
}

/** Ranks gained when XP goes from `before` to `after` (empty when none). */
export function ranksCrossed(before: number, after: number): number[] {
  const from = rankForXp(Math.max(0, before));
  const to = rankForXp(Math.max(0, after));
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + 1 + i);
}

/** XP still needed for the next rank; null at rank 10. */
export function xpToNextRank(xp: number): { next: number; needed: number; at: number } | null {
  const rank = rankForXp(Math.max(0, xp));
  if (rank >= MAX_RANK) return null;
  const at = xpForRank(rank + 1);
  return { next: rank + 1, needed: at - Math.max(0, xp), at };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A sentence per thing to spend, for the "what to spend" prompt ([] when all is spent). */
export function toSpend(c: Character): string[] {
  const u = unspent(c);
  const out: string[] = [];
  if (u.skillPoints > 0) out.push(`${plural(u.skillPoints, 'skill point')} to spend`);
  if (u.attributePoints > 0) out.push(`${plural(u.attributePoints, 'attribute point')} to spend`);
  if (u.featureSlots > 0) out.push(`${plural(u.featureSlots, 'feature slot')} free`);
  return out;
}

/** "+2 skill points, +1 attribute point, +1 feature slot, tier 2 features open, skill cap 4". */
export function describeGains(g: RankGains): string {
  const parts = [`+${plural(g.skillPoints, 'skill point')}`];
  if (g.attributePoints) parts.push(`+${plural(g.attributePoints, 'attribute point')}`);
  parts.push(`+${plural(g.featureSlots, 'feature slot')}`);
  if (g.tier) parts.push(`tier ${g.tier} features open`);
  if (g.skillCap) parts.push(`skill cap ${g.skillCap}`);
  if (g.attributeCap) parts.push(`attribute cap ${g.attributeCap}`);
  return parts.join(', ');
}
