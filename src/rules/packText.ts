/**
 * Text in a pack that would be script (SPEC.md P7). A pack comes from
 * someone else: its names are shown as plain text and its rules text as
 * Markdown, so a name holds no markup, a text no raw HTML, and a link leads
 * only to an http(s) address or a path of this site. The renderers escape
 * text and drop unsafe links already; refusing them here means a pack that
 * holds them is never published or imported, whoever renders it later.
 * The link rule is content's (src/content/linkTargets.ts), narrowed to the
 * two kinds a pack needs: a browser reads tabs, line breaks, backslashes
 * and character references in a URL leniently, so a target spelled with
 * them is refused rather than guessed at.
 */

/** ASCII controls, every Unicode space and line break, and the invisible format characters. */
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/;
/** Controls that have no place in a name (a tab or line break included). */
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** A tag, a comment or a declaration: `<b>`, `</p>`, `<!--`, `<?xml`, `<script src=…>`. */
const TAG = /<\s*[/!?]?\s*[a-z]/i;
const CHARACTER_REFERENCE = /&(#|[a-z][a-z0-9]*;)/i;
const SCHEME = /^([^/?#]*):/;
/** Markdown link and image targets `](target)`, reference definitions `[x]: target`, and autolinks `<scheme:…>`. */
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^>\s]*)>/gi;
const LINK_TARGETS = [/\]\(\s*<?([^)\s>]*)/g, /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm, AUTOLINK];
/** `<someone@example.com>`: Markdown's mail autolink, not a tag. */
const MAIL_AUTOLINK = /<[^>\s@]+@[^>\s]+>/g;

function decodeFully(s: string): string {
  let out = s;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(out);
    } catch {
      return out;
    }
    if (next === out) return out;
    out = next;
  }
  return out;
}

/** Why a link target is refused, or null: only http(s) URLs and paths of this site. */
export function packLinkProblem(target: string): string | null {
  const refused = (why: string) => `the link '${target.slice(0, 80)}' ${why}; a pack links only to http(s) addresses and paths of this site`;
  if (INVISIBLE.test(target)) return refused('holds a space or an invisible character');
  if (target.includes('\\')) return refused('holds a backslash');
  if (CHARACTER_REFERENCE.test(target)) return refused('holds an HTML character reference (&…)');
  const scheme = SCHEME.exec(target)?.[1]?.toLowerCase();
  if (scheme !== undefined) return scheme === 'http' || scheme === 'https' ? null : refused(`uses '${scheme}:'`);
  if (target.startsWith('//')) return refused("starts with '//', which leads to another host");
  const decoded = decodeFully(target).replace(new RegExp(INVISIBLE.source, 'g'), '').replace(/\\/g, '/');
  if (SCHEME.test(decoded) || decoded.startsWith('//')) return refused('hides a scheme or a host in percent-encoding');
  return null;
}

/** What is wrong with a name (shown as plain text), or null. */
export function packNameProblem(name: string): string | null {
  if (CONTROL.test(name)) return 'holds a control character or a line break; a name is one line of plain text';
  if (TAG.test(name)) return 'holds markup (<…>); a name is plain text';
  if (/javascript:|data:|vbscript:/i.test(name)) return 'holds a script address; a name is plain text';
  return null;
}

/** What is wrong with a rules text (Markdown), or null. */
export function packTextProblem(text: string): string | null {
  // Autolinks (`<https://…>`) are Markdown, judged as links below; anything else in angle brackets is HTML.
  if (TAG.test(text.replace(AUTOLINK, '').replace(MAIL_AUTOLINK, ''))) return 'holds raw HTML (<…>); write the rules text in Markdown';
  for (const pattern of LINK_TARGETS) {
    for (const m of text.matchAll(pattern)) {
      const problem = m[1] ? packLinkProblem(m[1]) : null;
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * Every text of an entry that would be script, as the path inside the entry
 * and the reason: names and labels by the name rule, every other text by the
 * Markdown rule.
 */
export function entryTextProblems(entry: unknown): { path: (string | number)[]; problem: string }[] {
  const out: { path: (string | number)[]; problem: string }[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      const key = path[path.length - 1];
      const problem = key === 'name' ? packNameProblem(value) : packTextProblem(value);
      if (problem) out.push({ path, problem });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(entry, []);
  return out;
}
