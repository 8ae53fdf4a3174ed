/**
 * One way to print a chance in every editor (issue 26): whole percents,
 * "<1%" and ">99%" at the ends (a Pulse roll is never certain either way:
 * overcharge has no limit), "0%" and "100%" only when exactly so. The exact
 * figure goes in the cell's title (and its data attribute) for hover.
 */
export function formatOdds(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p < 0.005) return '<1%';
  if (p > 0.995) return '>99%';
  return `${Math.round(p * 100)}%`;
}

/** The exact figure, four significant digits: "33.33%", "0.0001286%". */
export function exactOdds(p: number): string {
  return `${Number((p * 100).toPrecision(4))}%`;
}
