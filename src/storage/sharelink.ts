/**
 * Share links: the document, deflated and base64url-encoded, in the URL
 * fragment of its editor's route; no server ever sees it. Pure (uses the
 * standard CompressionStream, present in browsers and Node 18+).
 */
export const SHARE_PREFIX = 'share=';
/** Larger documents are refused with a pointer to export instead. */
export const MAX_SHARE_BYTES = 8 * 1024;

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

/** Encodes a document for a link's fragment; refuses documents over 8 KB compressed. */
export async function encodeShare(document: unknown): Promise<string> {
  const deflated = await pipe(new TextEncoder().encode(JSON.stringify(document)), new CompressionStream('deflate'));
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
    json = new TextDecoder('utf-8', { fatal: true }).decode(await pipe(bytes, new DecompressionStream('deflate')));
  } catch {
    throw new ShareLinkError('This share link is damaged: its contents cannot be unpacked. Ask for the link again.');
  }
  try {
    return JSON.parse(json);
  } catch {
    throw new ShareLinkError('This share link is damaged: its contents are not a document.');
  }
}
