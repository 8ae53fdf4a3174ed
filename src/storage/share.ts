/**
 * Share links for the editors: `/nucleus/<EditorSlug>#share=…` (sharelink.ts
 * packs the document). Reading one back validates it like an import, so a
 * damaged or tampered link gives a sentence, never a broken editor.
 */
import type { DocumentKind, NucleusDocument } from '../rules';
import { RulesError } from '../rules/errors';
import { decodeShare, encodeShare, ShareLinkError } from './sharelink';
import { editorPath } from './editorLinks';

// The editor routes and the share check live in editorLinks.ts (every editor loads it); still exported here.
export { editorPath, editorHref, hasSharedDocument, libraryHref } from './editorLinks';

/**
 * A link that opens the document read-only in its editor, in any browser.
 * @throws ShareLinkError when the document is too large for a link (the sentence offers export).
 */
export async function shareLink(document: NucleusDocument, origin: string = globalThis.location?.origin ?? ''): Promise<string> {
  return `${origin}${editorPath(document.kind)}#${await encodeShare(document)}`;
}

/**
 * The document of a share link's fragment, migrated and checked.
 * @throws ShareLinkError with a sentence for a damaged, tampered or unreadable link.
 */
export async function readShareLink(hash: string, expectedKind?: DocumentKind): Promise<NucleusDocument> {
  const value = await decodeShare(hash);
  // The parser (zod, every schema) loads here, so pages that only link to editors stay small.
  const { loadDocument } = await import('../rules/documents');
  let document: NucleusDocument;
  try {
    document = loadDocument(value);
  } catch (e) {
    const detail = e instanceof RulesError ? e.message : String(e);
    throw new ShareLinkError(`This share link is damaged or was changed: the document in it is not valid (${detail}).`);
  }
  if (expectedKind && document.kind !== expectedKind) {
    throw new ShareLinkError(`This share link holds a ${document.kind}, not a ${expectedKind}: open it in the ${document.kind} editor.`);
  }
  return document;
}
