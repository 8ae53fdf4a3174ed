/**
 * Builds the content database (build side). Free of `fs`: takes the sql.js
 * module (the caller loads the WASM) and returns the file's bytes.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import { comparatorFor, folderOf } from '../query';
import { FORMAT_VERSION, INDEXED_FIELDS, SCHEMA_SQL, type IndexedColumn } from './schema';
import { packBody } from './packedBody';

export interface ContentDatabaseInput {
  /** Page records (any JSON objects with a unique string `_id`), in their order. */
  documents: readonly Record<string, unknown>[];
  /**
   * `JSON.stringify` of each document, when the caller has it already (the
   * build also hashes it): the writer then does not serialise them again.
   */
  documentJson?: readonly string[];
  /** Navigation tree by locale. */
  navigation?: Readonly<Record<string, unknown>>;
  /** Folder configuration by folder path (`/rules`). */
  dirConfigs?: Readonly<Record<string, unknown>>;
  /** Catalogue entries (each with a unique string `id`) by catalogue name. */
  catalogues?: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  /** Search files (serialised JSON) by name: the build stores the manifest as `main`. */
  search?: Readonly<Record<string, string>>;
  integrity: string;
  builtFrom?: string;
}

const byStem = comparatorFor(undefined);

const encoder = new TextEncoder();

function columnValue(field: string, value: unknown): string | number | null {
  if (field === 'draft') return typeof value === 'boolean' ? (value ? 1 : 0) : null;
  // Lone surrogates do not survive SQLite's UTF-8: such values stay in the JSON only.
  return typeof value === 'string' && !/\p{Cs}/u.test(value) ? value : null;
}

/**
 * A new, empty database whose file already has room for `bytes`. sql.js keeps
 * the file in memory and grows it by an eighth at a time: about 30 copies of
 * the whole file while a 35 MB database is written (0.3-0.4 s of a build).
 * An empty database followed by zeros has the room: SQLite trusts the page
 * count in the header (a file may be longer), and buildContentDatabase cuts
 * the bytes past it off. The database is byte for byte the one written
 * without the room (a test compares them).
 */
function withRoom(SQL: SqlJsStatic, bytes: number): Database {
  const empty = new SQL.Database();
  const head = empty.export();
  empty.close();
  if (bytes <= head.length) return new SQL.Database(head);
  const file = new Uint8Array(bytes);
  file.set(head);
  return new SQL.Database(file);
}

/** What the input will take in the file, roughly: the room to make for it. */
function sizeOf(input: ContentDatabaseInput): number {
  let chars = 0;
  for (const text of input.documentJson ?? []) chars += text.length;
  for (const text of Object.values(input.search ?? {})) chars += text.length;
  // Indexes, page slack, and the JSON of what was not handed over serialised.
  return Math.ceil(chars * 1.15) + (input.documentJson ? 0 : input.documents.length * 2048) + (1 << 20);
}

/**
 * Writes every input into a new database and returns its bytes. `room:
 * false` writes it without making room first (the test that the room
 * changes nothing uses it).
 */
export function buildContentDatabase(SQL: SqlJsStatic, input: ContentDatabaseInput, { room = true } = {}): Uint8Array<ArrayBuffer> {
  const db = room ? withRoom(SQL, sizeOf(input)) : new SQL.Database();
  try {
    db.run(SCHEMA_SQL);
    db.run('BEGIN');
    const docs = input.documents;
    const ids = new Set<string>();
    docs.forEach((doc, i) => {
      const id = doc._id;
      if (typeof id !== 'string') throw new Error(`Document ${i} has no string _id; every document in the content database needs one.`);
      if (ids.has(id)) throw new Error(`Two documents have the _id '${id}'; each _id must be unique.`);
      ids.add(id);
    });
    const ranks = new Map<number, number>();
    docs
      .map((doc, ord) => ({ doc, ord }))
      .sort((a, b) => byStem(a.doc, b.doc) || a.ord - b.ord)
      .forEach((e, rank) => ranks.set(e.ord, rank));

    const regular = new Set<IndexedColumn>(Object.values(INDEXED_FIELDS));
    // The JSON is bound as its UTF-8 bytes and stored as TEXT: the same
    // value and file as binding the string, but sql.js encodes a bound string
    // character by character in JavaScript (0.5 s of 2 s for 5,000 pages),
    // and TextEncoder is native. JSON.stringify escapes lone surrogates, so
    // the bytes are always valid UTF-8.
    const insert = db.prepare('INSERT INTO documents (id, path, stem, locale, folder, draft, ord, stem_rank, data, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT))');
    const json = input.documentJson;
    if (json && json.length !== docs.length) throw new Error(`documentJson has ${json.length} entries for ${docs.length} documents.`);
    docs.forEach((doc, ord) => {
      const cols: Record<string, string | number | null> = {};
      for (const [field, column] of Object.entries(INDEXED_FIELDS)) {
        const v = columnValue(field, Object.prototype.hasOwnProperty.call(doc, field) ? doc[field] : undefined);
        if (v === null) regular.delete(column);
        cols[column] = v;
      }
      // A page's body goes packed into its own column, 0 keeping its place
      // among the document's keys (the reader puts the tree back there).
      const body = packBody(doc.body);
      const data = body ? JSON.stringify({ ...doc, body: 0 }) : json ? json[ord]! : JSON.stringify(doc);
      insert.run([cols.id!, cols.path ?? null, cols.stem ?? null, cols.locale ?? null, cols.folder ?? folderOf(doc) ?? null, cols.draft ?? null, ord, ranks.get(ord)!, encoder.encode(data), body ? encoder.encode(JSON.stringify(body)) : null]);
    });
    insert.free();

    const put = (sql: string, rows: Iterable<(string | number)[]>) => {
      const st = db.prepare(sql);
      for (const row of rows) st.run(row);
      st.free();
    };
    put('INSERT INTO navigation (locale, data) VALUES (?, ?)', Object.entries(input.navigation ?? {}).map(([k, v]) => [k, JSON.stringify(v)]));
    put('INSERT INTO dir_configs (folder, data) VALUES (?, ?)', Object.entries(input.dirConfigs ?? {}).map(([k, v]) => [k, JSON.stringify(v)]));
    put('INSERT INTO search (name, data) VALUES (?, ?)', Object.entries(input.search ?? {}));
    const catalogueRows: (string | number)[][] = [];
    for (const [name, entries] of Object.entries(input.catalogues ?? {})) {
      const seen = new Set<string>();
      entries.forEach((entry, ord) => {
        const id = entry.id;
        if (typeof id !== 'string') throw new Error(`Entry ${ord} of catalogue '${name}' has no string id.`);
        if (seen.has(id)) throw new Error(`Catalogue '${name}' has two entries with the id '${id}'.`);
        seen.add(id);
        catalogueRows.push([name, id, ord, JSON.stringify(entry)]);
      });
    }
    put('INSERT INTO catalogues (name, id, ord, data) VALUES (?, ?, ?, ?)', catalogueRows);
    put('INSERT INTO meta (key, value) VALUES (?, ?)', [
      ['integrity', input.integrity],
      ['formatVersion', String(FORMAT_VERSION)],
      ['builtFrom', input.builtFrom ?? ''],
      ['regular', JSON.stringify([...regular].sort())],
    ]);
    db.run('COMMIT');
    // Statistics let the planner prefer the selective path index over the locale one.
    db.run('ANALYZE');
    // The file is the database up to its page count (withRoom).
    const [pages, pageSize] = ['page_count', 'page_size'].map((p) => Number(db.exec(`PRAGMA ${p}`)[0]!.values[0]![0]));
    // No copy of the megabytes (fresh memory is slow to touch): export() made
    // this array over an ArrayBuffer of its own, so the view can go straight
    // into a Response or a file.
    return db.export().subarray(0, pages! * pageSize!) as Uint8Array<ArrayBuffer>;
  } finally {
    db.close();
  }
}
