/**
 * Share links: the document, deflated and base64url-encoded, in the URL
 * fragment of its editor's route; no server ever sees it. Pure (uses the
 * standard CompressionStream, present in browsers and Node 18+).
 */
import { SHARE_PREFIX } from './editorLinks';

export { SHARE_PREFIX };
/** Larger documents are refused with a pointer to export instead. */
export const MAX_SHARE_BYTES = 8 * 1024;
/**
 * The most text a link may unpack to. A document a link can carry is far
 * smaller; a crafted link of half a megabyte would otherwise unpack to
 * hundreds of megabytes in the reader's tab before being refused.
 */
export const MAX_SHARE_TEXT_BYTES = 2 * 1024 * 1024;
/**
 * The packed bytes go to the inflater this many at a time: deflate unpacks at
 * most ~1,032 bytes per byte, so one piece never yields much more than a
 * megabyte, and unpacking stops within a piece of passing the cap.
 */
const INFLATE_PIECE = 1024;

const TOO_MUCH_TEXT = `This share link holds more than a document a link can carry: it unpacks to over ${MAX_SHARE_TEXT_BYTES / 1024 / 1024} MB of text, so it was not opened. Ask for the document as an exported file instead.`;

export class ShareLinkError extends Error {
  override readonly name = 'ShareLinkError';
}

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareLinkError('This share link is damaged: it has characters a share link never contains.');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new ShareLinkError('This share link is damaged: it is not complete.');
  }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/**
 * Unpacks a deflate stream, refusing (with a ShareLinkError) as soon as it
 * passes `cap` bytes: the rest is never unpacked, so memory stays bounded
 * whatever the link holds.
 */
async function inflateCapped(bytes: Uint8Array, cap: number): Promise<Uint8Array> {
  let offset = 0;
  const pieces = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += INFLATE_PIECE)));
    },
  });
  const reader = pieces.pipeThrough(new DecompressionStream('deflate')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    total += next.value.length;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      throw new ShareLinkError(TOO_MUCH_TEXT);
    }
    chunks.push(next.value);
  }
  const out = new Uint8Array(total);
  chunks.reduce((at, chunk) => (out.set(chunk, at), at + chunk.length), 0);
  return out;
}

/** Encodes a document for a link's fragment; refuses documents over 8 KB compressed (or over the text cap). */
export async function encodeShare(document: unknown): Promise<string> {
  const text = new TextEncoder().encode(JSON.stringify(document));
  if (text.length > MAX_SHARE_TEXT_BYTES) {
    throw new ShareLinkError(
      `This document is too large for a link (${Math.ceil(text.length / 1024)} KB of text, the limit is ${MAX_SHARE_TEXT_BYTES / 1024} KB). Export it as a file instead.`,
    );
  }
  const deflated = await pipe(text, new CompressionStream('deflate'));
  if (deflated.length > MAX_SHARE_BYTES) {
    throw new ShareLinkError(
      `This document is too large for a link (${Math.ceil(deflated.length / 1024)} KB compressed, the limit is ${MAX_SHARE_BYTES / 1024} KB). Export it as a file instead.`,
    );
  }
  return SHARE_PREFIX + toBase64Url(deflated);
}

/** Decodes a fragment back into JSON; the caller validates it as a document. */
export async function decodeShare(fragment: string): Promise<unknown> {
  const text = fragment.replace(/^#/, '');
  if (!text.startsWith(SHARE_PREFIX)) throw new ShareLinkError('This link does not contain a shared document.');
  const bytes = fromBase64Url(text.slice(SHARE_PREFIX.length));
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(await inflateCapped(bytes, MAX_SHARE_TEXT_BYTES));
  } catch (e) {
    if (e instanceof ShareLinkError) throw e;
    throw new ShareLinkError('This share link is damaged: its contents cannot be unpacked. Ask for the link again.');
  }
  try {
    return JSON.parse(json);
  } catch {
    throw new ShareLinkError('This share link is damaged: its contents are not a document.');
  }
}
