/**
 * Which section is being read, for the table of contents' highlight.
 *
 * 1. A section is being read from the moment its heading passes the reading
 *    line until the next heading does, so the mark stays inside a long
 *    section where no heading is on screen.
 * 2. Above the first heading (the page's introduction) no section is marked.
 * 3. Scrolled to the bottom, the last heading on screen is marked, so a short
 *    last section can be reached at all.
 *
 * @param tops each heading's top relative to the viewport, in page order
 * @param line the reading line, from the viewport's top
 * @returns the index of the section being read, or -1
 */
export function sectionAt(tops: readonly number[], line: number, atBottom = false, viewport = Infinity): number {
  let current = -1;
  for (let i = 0; i < tops.length; i++) {
    if (tops[i]! <= line || (atBottom && tops[i]! < viewport)) current = i;
    else if (!atBottom) break;
  }
  return current;
}
