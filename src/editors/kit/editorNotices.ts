/** The sentences the editor's list says after an import or a recovery. */
import type { Recovery } from '../../storage/journal';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Imported 2 cores and 1 blueprint from library.json; the blueprint is in the library." */
export function importNotice(file: string, stored: readonly { kind: string }[], kind: string, noun: string): string {
  const counts = new Map<string, number>();
  for (const d of stored) counts.set(d.kind, (counts.get(d.kind) ?? 0) + 1);
  const parts = [...counts].sort(([a], [b]) => (a === kind ? -1 : b === kind ? 1 : a.localeCompare(b))).map(([k, n]) => plural(n, k === kind ? noun : k));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const others = stored.length - (counts.get(kind) ?? 0);
  const where = others ? `; ${others === 1 ? 'the other document is' : 'the other documents are'} in the library, each in its own editor` : '';
  return `Imported ${list} from ${file}${where}.`;
}

/**
 * The list's notice after journals were replayed, or undefined when none was.
 * Entries that fail their schema are not counted here: the list shows each
 * with its own sentence (journal.ts J7).
 */
export function recoveryNotice(outcomes: readonly Recovery[]): string | undefined {
  const copies = outcomes.filter((o) => o.kind === 'copy').length;
  const restored = outcomes.filter((o) => o.kind === 'restored').length;
  const waiting = outcomes.flatMap((o) => (o.kind === 'kept' && !o.unreadable ? [o] : []));
  const said: string[] = [];
  if (restored) said.push(`Edits to ${plural(restored, 'document')} made just before a page closed were recovered and saved.`);
  if (copies) said.push(`${plural(copies, 'document')} had changed elsewhere meanwhile, so the edits made to ${copies === 1 ? 'it' : 'them'} are kept as conflict copies.`);
  if (waiting.length) said.push(`Edits to ${plural(waiting.length, 'document')} made just before a page closed could not be saved yet; they are kept for the next opening. ${waiting[0]!.problem}`);
  return said.length ? said.join(' ') : undefined;
}
