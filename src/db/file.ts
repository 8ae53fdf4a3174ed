/**
 * The content database as a build writes it: the SQLite bytes gzipped, in
 * `content.sqlite.gz`. SQLite pages compress about 5 to 1 (37.9 MB to 6.8 MB
 * at 5,000 deep-shape pages), and the hosts the site deploys to compress on
 * the fly only what they take for text, so the raw file was the largest
 * single part of a build's output after the pages.
 *
 * The name says what the bytes are. Some static hosts serve a `.gz` file with
 * `Content-Encoding: gzip`, so the browser hands over the SQLite bytes
 * already unpacked; others serve it as it is. The reader therefore looks at
 * the bytes, not at the name or the headers: gzip's magic number first.
 * Browser and Node alike (`DecompressionStream`).
 */
import { ContentDatabaseError } from './client';

/** The database's file name in a build, relative to the site's root. */
export const CONTENT_DATABASE_FILE = 'content.sqlite.gz';

/** Whether `bytes` start as a gzip stream does (RFC 1952: 1f 8b, then method 8, deflate). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8;
}

/**
 * The SQLite bytes of a database file as it arrived: unpacked when still
 * gzipped, as they are when the host (or the service worker's copy of its
 * answer) already decoded them. A damaged gzip stream is a
 * ContentDatabaseError, not the stream's own error text.
 */
export async function unpackDatabaseFile(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  if (!isGzip(bytes)) return bytes;
  try {
    // The Response collects the output (about 5 times the input) in one buffer.
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(unpacked).arrayBuffer());
  } catch {
    throw new ContentDatabaseError('The content database file is damaged (its compressed bytes do not unpack); load it again, or rebuild the site.');
  }
}
