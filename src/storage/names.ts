/**
 * Documents of one kind that share a name: the lists tell them apart (the
 * created date and a short id beside each), and an import that brings in a
 * name already here says it kept both. Names compare as a player reads
 * them: case and spacing do not make two names different ("Longarm" and
 * "longarm " are the same name).
 */
import type { DocumentKind } from '../rules';

interface Named {
  id: string;
  kind: DocumentKind;
  name: string;
}

/** The name as compared: trimmed, inner spaces folded, lower case. */
export function nameKey(kind: DocumentKind, name: string): string {
  return `${kind}\u0000${name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')}`;
}

/** Ids of the documents whose kind and name another one of `docs` shares. */
export function repeatedNames(docs: readonly Named[]): ReadonlySet<string> {
  const byName = new Map<string, string[]>();
  for (const d of docs) {
    const key = nameKey(d.kind, d.name);
    const ids = byName.get(key);
    if (ids) ids.push(d.id);
    else byName.set(key, [d.id]);
  }
  return new Set([...byName.values()].filter((ids) => ids.length > 1).flat());
}

/** The first characters of an id: enough to tell a handful of same-named documents apart. */
export function shortId(id: string): string {
  return id.replace(/[^a-z0-9]/gi, '').slice(0, 6).toLowerCase();
}

/**
 * The documents of `incoming` whose kind and name a document already here
 * has (under another id: the same id is a replacement, asked about apart).
 * Each name once, in the order of `incoming`.
 */
export function namesAlreadyHere(incoming: readonly Named[], here: readonly Named[]): Named[] {
  const ids = new Set(incoming.map((d) => d.id));
  const taken = new Set(here.filter((d) => !ids.has(d.id)).map((d) => nameKey(d.kind, d.name)));
  const said = new Set<string>();
  return incoming.filter((d) => {
    const key = nameKey(d.kind, d.name);
    if (!taken.has(key) || said.has(key)) return false;
    said.add(key);
    return true;
  });
}

/** `a character of that name exists: kept both` — the import's sentence, one name or several. */
export function keptBothSentence(found: readonly Named[], noun: (kind: DocumentKind) => string = (k) => k): string {
  if (!found.length) return '';
  if (found.length === 1) {
    const d = found[0]!;
    return `A ${noun(d.kind)} named “${d.name}” was already here: kept both (the list tells them apart by date and id).`;
  }
  return `${found.length} documents have the name of one already here (${found.map((d) => `“${d.name}”`).join(', ')}): kept both of each (the list tells them apart by date and id).`;
}
