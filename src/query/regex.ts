/**
 * `$regex` patterns: written in JavaScript's syntax, run by re2js (RE2's
 * automaton matcher), so matching takes time linear in the text whatever the
 * pattern. A backtracking engine (JS RegExp) can take years on a 31-character
 * string with `^(a+)+$`; RE2 cannot, because it never backtracks. What RE2
 * cannot run without backtracking (lookahead, back-references) is refused.
 */
import { RE2JS } from 're2js';

/**
 * Caps that keep patterns cheap before they see any text (SPEC.md L3, L4):
 * compiling costs in proportion to the pattern, matching to the text times
 * the program (RE2's instructions: steps per character in the worst case).
 */
export const REGEX_LIMITS = {
  /** Characters in one pattern. */
  length: 256,
  /** Repetitions of a counted repetition, nested ones multiplied: RE2's own limit, which it refuses beyond. */
  repeat: 1_000,
  /** Instructions of one pattern's program. */
  program: 500,
  /** Instructions of all the patterns of one parameter (each document may meet them all). */
  total: 1_000,
} as const;

/** The instructions already spent by the patterns of one parameter. */
export interface RegexBudget {
  used: number;
}

/** Parses `'/pattern/flags'` or a bare pattern; drops the stateful `g` and `y` flags. */
export function parseRegex(source: string): { pattern: string; flags: string } {
  const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(source);
  if (!m) return { pattern: source, flags: '' };
  return { pattern: m[1]!, flags: m[2]!.replace(/[gy]/g, '') };
}

/** A pattern that cannot run; the message completes "pattern X …". */
export class RegexRefused extends Error {}

/** RE2's flags for JS flags: `i`, `m`, `s`; `u` and `d` change nothing RE2 does (it always reads code points). */
function re2Flags(flags: string): number {
  let out = 0;
  if (flags.includes('i')) out |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) out |= RE2JS.MULTILINE;
  if (flags.includes('s')) out |= RE2JS.DOTALL;
  return out;
}

/**
 * Whether a pattern valid with the `u` flag holds a named back-reference
 * (`\k<name>`): re2js's translation reads it as the letters `k<name>`
 * instead of refusing it. With the `u` flag, `\k` means nothing else.
 */
function hasNamedBackReference(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    if (pattern[i + 1] === 'k') return true;
    i++;
  }
  return false;
}

const NOT_LINEAR = 'cannot run in time linear in the text: lookahead, lookbehind and back-references are not available';

/** RE2's words for a lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`) or a numbered back-reference (`\1`). */
const BACKTRACKING = /`\(\?<?[=!]|`\\[1-9]/;

/**
 * Why RE2 refused a pattern JavaScript accepts, in the author's terms: RE2
 * also refuses counted repetitions over 1,000, nested ones multiplied
 * (`(a{100}){100}` is 10,000), which is a matter of size, not of lookaround.
 */
function re2Refusal(message: string): string {
  if (message.includes('invalid repeat count')) {
    return `is too large: its counted repetitions repeat more than ${REGEX_LIMITS.repeat} times (nested ones multiply, so (a{100}){100} is 10000): use smaller counts`;
  }
  if (BACKTRACKING.test(message)) return `${NOT_LINEAR} (${message})`;
  return `cannot be run by the linear-time matcher (${message})`;
}

/** A compiled pattern and its program size, or why it cannot run. */
type Compiled = { test: (text: string) => boolean; size: number } | { refused: string };

/** Compiles one pattern alone (no budget): the checks of L3 and L4 in order. */
function compile(pattern: string, flags: string): Compiled {
  if (pattern.length > REGEX_LIMITS.length) return { refused: `is longer than ${REGEX_LIMITS.length} characters (${pattern.length})` };
  if (flags.includes('v')) return { refused: "uses the 'v' flag, which is not available (patterns are read with the 'u' flag)" };
  try {
    new RegExp('', flags); // the flags as written, so an error names them
    new RegExp(pattern, flags.includes('u') ? flags : flags + 'u'); // syntax only: never run
  } catch (e) {
    return { refused: `is not a valid regular expression (${(e as Error).message})` };
  }
  if (hasNamedBackReference(pattern)) return { refused: `${NOT_LINEAR} (\\k<…>)` };
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern), re2Flags(flags));
  } catch (e) {
    return { refused: re2Refusal((e as Error).message) };
  }
  const size = re.programSize();
  if (size > REGEX_LIMITS.program) return { refused: `is too large to run quickly (${size} steps per character, at most ${REGEX_LIMITS.program}): use fewer or smaller counted repetitions` };
  return { test: (text) => re.test(text), size };
}

/**
 * Recently compiled patterns by flags and source, refusals too. A query
 * compiles its patterns when it is parsed and again when it runs, the
 * database for its SQL function, and pages repeat queries; compiling with
 * re2js costs far more than a RegExp does. Oldest entries go first.
 */
const recent = new Map<string, Compiled>();
const RECENT_SIZE = 256;

function compiledOf(pattern: string, flags: string): Compiled {
  const key = `${flags}/${pattern}`;
  let found = recent.get(key);
  if (found) recent.delete(key);
  else found = compile(pattern, flags);
  recent.set(key, found);
  if (recent.size > RECENT_SIZE) recent.delete(recent.keys().next().value!);
  return found;
}

/**
 * The test of one pattern: does it match somewhere in `text`? Throws
 * RegexRefused when the pattern is too long, not valid JavaScript (read with
 * the `u` flag, as RE2 reads code points), needs backtracking, or compiles to
 * a program too large to run quickly, alone or with the patterns before it
 * in `budget`.
 */
export function compileRegex(pattern: string, flags: string, budget: RegexBudget = { used: 0 }): (text: string) => boolean {
  const compiled = compiledOf(pattern, flags);
  if ('refused' in compiled) throw new RegexRefused(compiled.refused);
  budget.used += compiled.size;
  if (budget.used > REGEX_LIMITS.total) throw new RegexRefused(`brings the patterns of this parameter over ${REGEX_LIMITS.total} steps per character (${budget.used}): use fewer $regex conditions`);
  return compiled.test;
}
