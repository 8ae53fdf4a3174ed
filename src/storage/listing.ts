/**
 * The list query of the repository contract (kind, text in the name, tags,
 * trash, sort) as one pure function, so every place lists alike.
 */
import type { ListQuery, StoredDocument } from './types';

export function applyListQuery(documents: readonly StoredDocument[], query: ListQuery = {}): StoredDocument[] {
  const text = query.text?.trim().toLocaleLowerCase();
  const tags = query.tags ?? [];
  const out = documents.filter(
    (d) =>
      !!d.deletedAt === !!query.trash &&
      (!query.kind || d.kind === query.kind) &&
      (!text || d.name.toLocaleLowerCase().includes(text)) &&
      tags.every((t) => d.tags.includes(t)),
  );
  if (query.sort === 'name') out.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  else out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
  return out;
}
