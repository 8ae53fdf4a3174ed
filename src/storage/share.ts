/**
 * Share links for the editors: `/nucleus/<EditorSlug>#share=…` (sharelink.ts
 * packs the document). Reading one back validates it like an import, so a
 * damaged or tampered link gives a sentence, never a broken editor.
 */
import type { DocumentKind, Encounter, NucleusDocument } from '../rules';
import { RulesError } from '../rules/errors';
import { decodeShare, encodeShare, ShareLinkError } from './sharelink';
import { editorPath, hasEditor } from './editorLinks';
import { shapeProblem } from './shape';

// The editor routes and the share check live in editorLinks.ts (every editor loads it); still exported here.
export { editorPath, editorHref, hasEditor, hasSharedDocument, libraryHref } from './editorLinks';

/** What the sharer is told when an encounter's link carries its references only. */
export const REFERENCES_ONLY_NOTE =
  "This link carries the encounter's creatures and party by reference only: the whole encounter is too large for a link, so their attacks and the running fight are left out. Whoever opens it gets the bestiary's creatures back whole, and their own creatures and characters where they have them; export the encounter as a file to share the rest.";

/**
 * An encounter cut down to what a link must carry: each row's source and
 * count and the snapshot's own numbers (so threat and band still read
 * right), without attacks, tags, notes or the running fight.
 */
export function encounterReferences(e: Encounter): Encounter {
  const { fight: _fight, notes: _notes, ...rest } = e;
  return {
    ...rest,
    referencesOnly: true,
    creatures: e.creatures.map((c) => ({ id: c.id, source: c.source, count: c.count, snapshot: { ...c.snapshot, attacks: [], tags: [] } })),
    party: e.party.map((h) => ({ id: h.id, source: h.source, snapshot: { ...h.snapshot, attacks: [] } })),
  };
}

/**
 * The fragment of a document's share link. An encounter over the link's
 * size limit falls back to its references (`referencesOnly`); any other
 * document, or an encounter still too large, is refused.
 * @throws ShareLinkError when it cannot fit (the sentence offers export).
 */
export async function encodeShareable(document: NucleusDocument): Promise<{ fragment: string; referencesOnly: boolean }> {
  // A link opens its editor; a kind no editor opens yet (a pack) travels as a file.
  if (!hasEditor(document.kind)) throw new ShareLinkError(`A ${document.kind} has no share link yet, as no editor opens one: export it as a file to share it.`);
  try {
    return { fragment: await encodeShare(document), referencesOnly: false };
  } catch (e) {
    if (!(e instanceof ShareLinkError) || document.kind !== 'encounter') throw e;
    return { fragment: await encodeShare(encounterReferences(document)), referencesOnly: true };
  }
}

/** A share link and, when it had to leave something out, the sentence that says so. */
export async function shareLinkWithNote(document: NucleusDocument, origin: string = globalThis.location?.origin ?? ''): Promise<{ url: string; note?: string }> {
  const { fragment, referencesOnly } = await encodeShareable(document);
  const url = `${origin}${editorPath(document.kind)}#${fragment}`;
  return referencesOnly ? { url, note: REFERENCES_ONLY_NOTE } : { url };
}

/**
 * A link that opens the document read-only in its editor, in any browser.
 * @throws ShareLinkError when the document is too large for a link (the sentence offers export).
 */
export async function shareLink(document: NucleusDocument, origin: string = globalThis.location?.origin ?? ''): Promise<string> {
  return (await shareLinkWithNote(document, origin)).url;
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
