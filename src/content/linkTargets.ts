/**
 * Which targets content may link or redirect to: a path of this site, an
 * `http:` or `https:` URL, or a `mailto:` address. Anything else (a
 * `javascript:`, `data:` or `vbscript:` URL, any other scheme, a
 * protocol-relative `//host`) could run script on the site's origin or send
 * the reader to a host the author never named, so it fails the content check
 * and the build, and is never rendered.
 *
 * Browsers are lenient readers: they drop tabs and line breaks from a URL,
 * read `\` as `/`, and HTML decodes `&#106;` before the URL is read. A target
 * spelled with any of these, or hiding a scheme or host behind
 * percent-encoding, is refused rather than guessed at: a real link never
 * needs them (a space is written `%20`). Pure: the build, the content check,
 * the redirect page and the browser all use this one rule.
 */

/** What an allowed target is: a site path, a web URL or a mail address. */
export type LinkTargetKind = 'site' | 'web' | 'mail';

export type LinkTargetVerdict = { ok: true; kind: LinkTargetKind } | { ok: false; reason: string };

const ALLOWED = 'use a site path (/rules/combat), an http: or https: URL, or mailto:';

/** ASCII controls, every Unicode space and line break, and the invisible format characters. */
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/;

/** `&#106;`, `&#x6A;`, `&#106` (HTML reads it without the `;` too) and named ones like `&colon;`. */
const CHARACTER_REFERENCE = /&(#|[a-z][a-z0-9]*;)/i;

/** Whatever stands before the first `:` that comes before any `/`, `?` or `#` is a scheme. */
const SCHEME = /^([^/?#]*):/;

/** Judges one target as written in content (a Markdown link, a frontmatter `redirect`, a component attribute). */
export function judgeLinkTarget(target: string): LinkTargetVerdict {
  const invisible = INVISIBLE.exec(target);
  if (invisible) return no(`it contains ${describeCharacter(invisible[0])}, which browsers drop or misread in a URL; write a space as %20`);
  if (target.includes('\\')) return no(`it contains a backslash, which browsers read as '/'`);
  if (CHARACTER_REFERENCE.test(target)) return no(`it contains an HTML character reference (&…), which hides what the link is`);

  const scheme = SCHEME.exec(target)?.[1];
  if (scheme !== undefined) return judgeScheme(target, scheme.toLowerCase());
  if (target.startsWith('//')) return no(`a link starting with '//' leads to another host; write the full https:// URL`);

  const decoded = decodeFully(target);
  if (decoded !== target) {
    const plain = decoded.replace(new RegExp(INVISIBLE.source, 'g'), '').replace(/\\/g, '/');
    if (SCHEME.test(plain) || plain.startsWith('//') || CHARACTER_REFERENCE.test(plain)) {
      return no(`its percent-encoding hides a scheme or a host (it decodes to '${shown(decoded)}')`);
    }
  }
  return { ok: true, kind: 'site' };
}

/** The reason a target is refused, or null when it is allowed. */
export function linkTargetProblem(target: string): string | null {
  const verdict = judgeLinkTarget(target);
  return verdict.ok ? null : `'${shown(target)}' is not a link target content may use: ${verdict.reason} (${ALLOWED})`;
}

export function isAllowedLinkTarget(target: string): boolean {
  return judgeLinkTarget(target).ok;
}

function judgeScheme(target: string, scheme: string): LinkTargetVerdict {
  if (scheme === 'http' || scheme === 'https') {
    if (!/^https?:\/\/[^/?#]/i.test(target) || !parses(target)) return no(`an ${scheme}: URL needs '//' and a host name`);
    return { ok: true, kind: 'web' };
  }
  if (scheme === 'mailto') {
    if (target.length === 'mailto:'.length) return no(`a mailto: link needs an address`);
    return { ok: true, kind: 'mail' };
  }
  return no(`the scheme '${shown(scheme)}:' is not allowed`);
}

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

function no(reason: string): LinkTargetVerdict {
  return { ok: false, reason };
}

/** Percent-decodes until nothing changes (byte by byte, so malformed UTF-8 cannot throw). */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 8; round++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return current;
}

function describeCharacter(c: string): string {
  if (c === ' ') return 'a space';
  if (c === '\t') return 'a tab';
  if (c === '\n' || c === '\r') return 'a line break';
  return `the invisible character U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A target as an error message shows it: invisible characters spelled out, long ones shortened. */
function shown(text: string): string {
  const escapes: Record<string, string> = { ' ': ' ', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
  const visible = text.replace(new RegExp(INVISIBLE.source, 'g'), (c) => escapes[c] ?? `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  return visible.length > 80 ? `${visible.slice(0, 80)}…` : visible;
}
