/**
 * Notices that say what is true now. A notice such as "Padded Jacket added."
 * is kept with a fingerprint of what it speaks about (here: how many items of
 * that name the document holds); once the document no longer matches, the
 * notice has nothing true to say and is dropped, rather than lingering after
 * the item is removed.
 */
export interface Notice {
  text: string;
  /** What the document looked like when the notice was true (any comparable key). */
  holds: string;
}

/** The notice's text while `holds` still describes the document, else ''. */
export function noticeNow(notice: Notice | null, holds: string): string {
  return notice && notice.holds === holds ? notice.text : '';
}

/** A fingerprint for "how many items are named `name`": the usual thing an add/remove notice speaks about. */
export function namedCount(items: readonly { name: string }[], name: string): string {
  return `${name}\u0000${items.filter((i) => i.name === name).length}`;
}

/** What became of a "Copy link": copied, refused by the browser, or no clipboard at all (e.g. not a secure page). */
export type CopyOutcome = 'copied' | 'refused' | 'unavailable';

/** The sentence a "Copy link" leaves: the refused cases say how to copy by hand (the link is selected for that). */
export function copyOutcomeText(outcome: CopyOutcome): string {
  switch (outcome) {
    case 'copied':
      return 'Link copied.';
    case 'refused':
      return 'The browser did not allow copying: the link is selected above, copy it with Ctrl+C (⌘C on a Mac).';
    case 'unavailable':
      return 'Copying is not available in this browser: the link is selected above, copy it with Ctrl+C (⌘C on a Mac).';
  }
}

/** Puts text on the clipboard and says what became of it (never throws: a refusal is an outcome to say). */
export async function copyToClipboard(text: string): Promise<CopyOutcome> {
  const clip = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clip) return 'unavailable';
  try {
    await clip.writeText(text);
    return 'copied';
  } catch {
    return 'refused';
  }
}
