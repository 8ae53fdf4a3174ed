/**
 * Share links for the editors: `/nucleus/<EditorSlug>#share=…` (sharelink.ts
 * packs the document). Reading one back validates it like an import, so a
 * damaged or tampered link gives a sentence, never a broken editor.
 */
import type { DocumentKind, NucleusDocument } from '../rules';
import { RulesError } from '../rules/errors';
import { decodeShare, encodeShare, ShareLinkError } from './sharelink';
import { editorPath } from './editorLinks';
import { shapeProblem } from './shape';

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
  // Before anything walks it: a crafted document deep enough would overflow the stack of the schema check or of "Save a copy".
  const shape = shapeProblem(value);
  if (shape) throw new ShareLinkError(`This share link was not opened: the document in it is not one Nucleus makes (${shape}).`);
  // The parser (zod, every schema) loads here, so pages that only link to editors stay small.
  const { loadDocument } = await import('../rules/documents');
  let document: NucleusDocument;
  try {
    document = loadDocument(value);
  } catch (e) {
    // A RulesError names the field in words; anything else is no sentence for a reader.
    if (!(e instanceof RulesError)) throw new ShareLinkError('This share link is damaged or was changed: the document in it cannot be read.');
    throw new ShareLinkError(`This share link is damaged or was changed: the document in it is not valid (${e.message.replace(/[.\s]+$/, '')}).`);
  }
  if (expectedKind && document.kind !== expectedKind) {
    throw new ShareLinkError(`This share link holds a ${document.kind}, not a ${expectedKind}: open it in the ${document.kind} editor.`);
  }
  return document;
}
