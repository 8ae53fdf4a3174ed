let n = 0;
/** A counter for element ids: deterministic for the same build, unlike random ids. */
export function nextId(): number {
  return ++n;
}
