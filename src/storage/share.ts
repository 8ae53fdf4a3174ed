/**
 * Share links for the editors: `/nucleus/<EditorSlug>#share=…` (sharelink.ts
 * packs the document). Reading one back validates it like an import, so a
 * damaged or tampered link gives a sentence, never a broken editor.
 */
// Two config files that import nothing (not config/routes, which pulls in the content pipeline).
import { EDITORS } from '../config/editors';
import { withBase } from '../config/base';
import type { DocumentKind, NucleusDocument } from '../rules';
import { RulesError } from '../rules/errors';
import { decodeShare, encodeShare, SHARE_PREFIX, ShareLinkError } from './sharelink';

/** The editor route of a kind, with the site's base: `/nucleus/BlueprintEditor`. */
export function editorPath(kind: DocumentKind): string {
  const editor = EDITORS.find((e) => e.kind === kind);
  if (!editor) throw new Error(`No editor edits documents of kind "${kind}".`);
  return withBase(`/nucleus/${editor.slug}`);
}

/** The library's address (`anchor`: a section of it, e.g. `cloud-conflicts`). */
export function libraryHref(anchor?: string): string {
  return withBase('/nucleus/library') + (anchor ? `#${anchor}` : '');
}

/** The editor route that opens a stored document: `/nucleus/CoreEditor?id=…`. */
export function editorHref(kind: DocumentKind, id: string): string {
  return `${editorPath(kind)}?id=${encodeURIComponent(id)}`;
}

/**
 * A link that opens the document read-only in its editor, in any browser.
 * @throws ShareLinkError when the document is too large for a link (the sentence offers export).
 */
export async function shareLink(document: NucleusDocument, origin: string = globalThis.location?.origin ?? ''): Promise<string> {
  return `${origin}${editorPath(document.kind)}#${await encodeShare(document)}`;
}

/** Does this URL fragment carry a shared document? */
export function hasSharedDocument(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(SHARE_PREFIX);
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
