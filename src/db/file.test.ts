import { describe, it, expect } from 'vitest';
import { gzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import { buildContentDatabase } from './writer';
import { openContentDatabase, ContentDatabaseError } from './client';
import { isGzip, unpackDatabaseFile } from './file';

const docs = [{ _id: 'content:a.md', _path: '/a', stem: 'a', title: 'A', _type: 'markdown' }];

describe('reading the content database file however the host served it', () => {
  it('F3 unpacks the gzipped file to the very SQLite bytes the build made', async () => {
    const sqlite = buildContentDatabase(await initSqlJs(), { documents: docs, integrity: 'i1' });
    const file = new Uint8Array(gzipSync(sqlite));
    expect(isGzip(file)).toBe(true);
    expect(Buffer.from(await unpackDatabaseFile(file)).equals(Buffer.from(sqlite))).toBe(true);
  });

  it('F3 takes bytes a host already decoded (Content-Encoding: gzip) as they are', async () => {
    const SQL = await initSqlJs();
    const sqlite = buildContentDatabase(SQL, { documents: docs, integrity: 'i1' });
    expect(isGzip(sqlite)).toBe(false);
    const bytes = await unpackDatabaseFile(sqlite);
    expect(openContentDatabase(SQL, bytes).query({ first: true, only: ['title'] })).toEqual({ title: 'A' });
  });

  it('F3 says in a sentence that a damaged file is damaged, not what the decompressor threw', async () => {
    const file = new Uint8Array(gzipSync(buildContentDatabase(await initSqlJs(), { documents: docs, integrity: 'i1' })));
    const cut = file.slice(0, file.length >> 1);
    await expect(unpackDatabaseFile(cut)).rejects.toThrow(ContentDatabaseError);
    await expect(unpackDatabaseFile(cut)).rejects.toThrow('The content database file is damaged (its compressed bytes do not unpack); load it again, or rebuild the site.');
  });

  it('F3 D5 leaves a host fallback page (HTML) to the SQLite check, which names it as not a database', async () => {
    const SQL = await initSqlJs();
    const html = new TextEncoder().encode('<!doctype html><h1>Not found</h1>');
    await expect((async () => openContentDatabase(SQL, await unpackDatabaseFile(html)))()).rejects.toThrow(/not a Nucleus content database/);
  });
});
