/**
 * Where each editor lives and whether an address carries a shared document:
 * what every editor route needs before anyone clicks. Kept apart from
 * share.ts so that packing and unpacking share links (sharelink.ts) and the
 * document parser load only when a link is made or read (issue 26).
 */
// Two config files that import nothing (not config/routes, which pulls in the content pipeline).
import { EDITORS } from '../config/editors';
import { withBase } from '../config/base';
import type { DocumentKind } from '../rules';

/** The fragment a share link starts with: `#share=…`. */
export const SHARE_PREFIX = 'share=';

/**
 * Does an editor route open documents of this kind? Not yet for a pack: its
 * editor comes later (issue 49, docs/packs.md), so a pack is listed, exported
 * and imported, but has no link to open or share.
 */
export function hasEditor(kind: DocumentKind): boolean {
  return EDITORS.some((e) => e.kind === kind);
}

/** The editor route of a kind, with the site's base: `/nucleus/BlueprintEditor`. */
export function editorPath(kind: DocumentKind): string {
  const editor = EDITORS.find((e) => e.kind === kind);
  if (!editor) throw new Error(`No editor opens a ${kind} yet: export it as a file to keep or share it.`);
  return withBase(`/nucleus/${editor.slug}`);
}

/** The library's address (`anchor`: a section of it, e.g. `cloud-conflicts`). */
export function libraryHref(anchor?: string): string {
  return withBase('/nucleus/library') + (anchor ? `#${anchor}` : '');
}

/** The library showing its trash (where a deleted document is restored or deleted forever). */
export function trashHref(): string {
  return `${withBase('/nucleus/library')}?view=trash`;
}

/** The editor route that opens a stored document: `/nucleus/CoreEditor?id=…`. */
export function editorHref(kind: DocumentKind, id: string): string {
  return `${editorPath(kind)}?id=${encodeURIComponent(id)}`;
}

/** Does this URL fragment carry a shared document? */
export function hasSharedDocument(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(SHARE_PREFIX);
}
