/**
 * The content database's SQL schema (format version 2). One file holds every
 * content document, the navigation trees, folder configurations, catalogues
 * and the search index's manifest, so the build and the browser read the same data.
 */

/** 2: page bodies packed in their own column (packedBody.ts). */
export const FORMAT_VERSION = 2;

/**
 * Columns of `documents` that a query can use instead of reading the JSON.
 * Each holds the field's value when it is a string (`draft`: 1/0 when a
 * boolean), else NULL. `regular` in meta says which hold a value for every
 * document, so conditions on them are exact in SQL.
 */
export const INDEXED_FIELDS = {
  _id: 'id',
  _path: 'path',
  stem: 'stem',
  locale: 'locale',
  draft: 'draft',
  // Holds the dirConfig folder (the `folder` field, else the parent of
  // `_path`): usable for the `folder` field only when every document has one.
  folder: 'folder',
} as const;

export type IndexedColumn = (typeof INDEXED_FIELDS)[keyof typeof INDEXED_FIELDS];

export const SCHEMA_SQL = `
CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  path TEXT,
  stem TEXT,
  locale TEXT,
  folder TEXT,
  draft INTEGER,
  -- position in the input: ties keep this order
  ord INTEGER NOT NULL,
  -- position in the default order (stem, numerically; ties by ord)
  stem_rank INTEGER NOT NULL,
  data TEXT NOT NULL,
  -- the document's body tree packed (packedBody.ts), its place in data held by 0; else NULL
  body TEXT
);
CREATE INDEX documents_path ON documents(path);
CREATE INDEX documents_stem ON documents(stem);
CREATE INDEX documents_locale ON documents(locale, stem_rank);
CREATE INDEX documents_folder ON documents(folder);
CREATE UNIQUE INDEX documents_ord ON documents(ord);
CREATE UNIQUE INDEX documents_stem_rank ON documents(stem_rank);
CREATE TABLE navigation (locale TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE dir_configs (folder TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE catalogues (name TEXT NOT NULL, id TEXT NOT NULL, ord INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (name, id));
CREATE TABLE search (name TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** Keys of the `meta` table. */
export interface ContentMeta {
  /** Hash of the content the database was built from. */
  integrity: string;
  formatVersion: number;
  /** What built it (free text, e.g. 'nucleus build 2026-11-23T08:00Z'). */
  builtFrom: string;
  /** Indexed columns that hold a value for every document. */
  regular: IndexedColumn[];
}
