/**
 * Query parameters: the zod schema (the single source of their types) and
 * `parseQueryParams`, which turns any invalid input into a QueryError naming
 * the parameter. Parsing also compiles `where` and `sort` once, so an unknown
 * operator or a bad operand is reported before any document is read.
 */
import '../config/zod';
import { z } from 'zod';
import { QueryError, show } from './errors';
import { checkLimits, QUERY_LIMITS } from './limits';
import { compileCondition, compileWhere } from './operators';
import { isPlainObject, type Doc } from './values';

/** A condition object: dot paths (or `$and`/`$or`/`$not`) → value or operator object. */
export type Condition = Doc;

export const SENSITIVITIES = ['base', 'accent', 'case', 'variant'] as const;
export const CASE_FIRSTS = ['upper', 'lower', 'false'] as const;

/**
 * One sort object: field dot paths → 1 (ascending) or -1 (descending), in
 * written order, plus options that apply to every field of this object.
 */
export type SortSpec = {
  /** Compare strings with numeric collation ('2' < '10'). Default false. */
  $numeric?: boolean;
  /** Intl.Collator sensitivity. Default: code-point order unless a collation option is set. */
  $sensitivity?: (typeof SENSITIVITIES)[number];
  /** Intl.Collator caseFirst. */
  $caseFirst?: (typeof CASE_FIRSTS)[number];
  /** Intl.Collator locale; default 'en' when another collation option is set. */
  $locale?: string;
} & { [field: string]: 1 | -1 | boolean | string | undefined };

const SORT_OPTIONS = ['$numeric', '$sensitivity', '$caseFirst', '$locale'];

const plainObject = z.custom<Doc>((v) => isPlainObject(v));

/**
 * A whole number ≥ 0 and at most `max`: a larger one is refused, never
 * clamped, with a sentence saying it is too large (1e300 is a whole number,
 * but beyond 2^53 − 1 JavaScript no longer counts exactly).
 */
function wholeNumber(name: string, max = Number.MAX_SAFE_INTEGER, unit = '') {
  const error = (iss: { input?: unknown }) =>
    Number.isInteger(iss.input) && (iss.input as number) > max
      ? `'${name}' may be at most ${max}${unit ? ` ${unit}` : ''} (got ${show(iss.input)})`
      : `'${name}' must be a whole number ≥ 0 (got ${show(iss.input)})`;
  return z.number({ error }).int({ error }).min(0, { error }).max(max, { error });
}

function flag(name: string) {
  return z.boolean({ error: (iss) => `'${name}' must be true or false (got ${show(iss.input)})` });
}

function pathList(name: string) {
  return z
    .union([z.string(), z.array(z.string())], { error: (iss) => `'${name}' must be a dot path or a list of dot paths (got ${show(iss.input)})` })
    .transform((v) => (typeof v === 'string' ? [v] : v))
    .refine((v) => v.length <= QUERY_LIMITS.paths, { error: (iss) => `'${name}' may list at most ${QUERY_LIMITS.paths} dot paths (got ${(iss.input as string[]).length})` });
}

function sortProblem(spec: unknown): string | undefined {
  if (!isPlainObject(spec)) return `'sort' must be a list of objects such as {"title": 1} (got ${show(spec)})`;
  const fields = Object.keys(spec).filter((k) => !k.startsWith('$'));
  for (const key of Object.keys(spec)) {
    const v = spec[key];
    if (!key.startsWith('$')) {
      if (v !== 1 && v !== -1) return `'sort': field '${key}' must be 1 (ascending) or -1 (descending) (got ${show(v)})`;
    } else if (!SORT_OPTIONS.includes(key)) {
      return `'sort': unknown option '${key}' (known: ${SORT_OPTIONS.join(', ')})`;
    } else if (key === '$numeric' && typeof v !== 'boolean') {
      return `'sort': $numeric must be true or false (got ${show(v)})`;
    } else if (key === '$sensitivity' && !(SENSITIVITIES as readonly unknown[]).includes(v)) {
      return `'sort': $sensitivity must be one of ${SENSITIVITIES.join(', ')} (got ${show(v)})`;
    } else if (key === '$caseFirst' && !(CASE_FIRSTS as readonly unknown[]).includes(v)) {
      return `'sort': $caseFirst must be one of ${CASE_FIRSTS.join(', ')} (got ${show(v)})`;
    } else if (key === '$locale') {
      if (typeof v !== 'string') return `'sort': $locale must be a locale name such as 'en' (got ${show(v)})`;
      try {
        new Intl.Collator(v);
      } catch {
        return `'sort': $locale ${show(v)} is not a valid locale`;
      }
    }
  }
  if (!fields.length) return `'sort': ${show(spec)} names no field to sort by`;
  return undefined;
}

const sortSchema = z.unknown().transform((v, ctx): SortSpec[] => {
  const list = Array.isArray(v) ? v : [v];
  for (const spec of list) {
    const message = sortProblem(spec);
    if (message) {
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    }
  }
  const fields = list.reduce((n: number, spec) => n + Object.keys(spec as object).filter((k) => !k.startsWith('$')).length, 0);
  if (fields > QUERY_LIMITS.sortKeys) {
    ctx.addIssue({ code: 'custom', message: `'sort' may have at most ${QUERY_LIMITS.sortKeys} fields in all (got ${fields})`, input: v });
    return z.NEVER;
  }
  return list as SortSpec[];
});

const whereSchema = z
  .union([plainObject, z.array(z.unknown())], { error: (iss) => `'where' must be a condition object or a list of them (got ${show(iss.input)})` })
  .transform((v) => (Array.isArray(v) ? v : [v]) as Condition[]);

const surroundSchema = z.strictObject(
  {
    /** The `_path` of the page, or a condition object that finds it. */
    query: z.union([z.string(), plainObject], { error: (iss) => `'surround.query' must be a _path or a condition object (got ${show(iss.input)})` }),
    /** How many previous documents to return. Default 1. */
    before: wholeNumber('surround.before', QUERY_LIMITS.surround, 'documents').default(1),
    /** How many next documents to return. Default 1. */
    after: wholeNumber('surround.after', QUERY_LIMITS.surround, 'documents').default(1),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `'surround': unknown key ${iss.keys.map((k) => `'${k}'`).join(', ')} (known: query, before, after)`
        : `'surround' must be an object such as {"query": "/rules/combat"} (got ${show(iss.input)})`,
  },
);

export const PARAMETER_NAMES = ['where', 'only', 'without', 'sort', 'limit', 'skip', 'first', 'count', 'surround', 'locale', 'dirConfig'] as const;

/** The parameters of a content query (SPEC.md "Parameters"). */
export const QueryParams = z.strictObject(
  {
    /** Conditions that must all hold; one object is a list of one. Default: none. */
    where: whereSchema.optional(),
    /** Keep only these dot paths in each result. Default: everything. */
    only: pathList('only').optional(),
    /** Remove these dot paths from each result. Default: nothing. */
    without: pathList('without').optional(),
    /** Sort keys, first decides (SQL ORDER BY). Default: by stem, numerically. */
    sort: sortSchema.optional(),
    /** At most this many results. Default: all. */
    limit: wholeNumber('limit').optional(),
    /** Skip this many results first. Default 0. */
    skip: wholeNumber('skip').optional(),
    /** Return the first result or null instead of a list. Default false. */
    first: flag('first').optional(),
    /** Return the number of matches. Default false. */
    count: flag('count').optional(),
    /** Return the neighbours of one document in the sorted matches. */
    surround: surroundSchema.optional(),
    /** Only documents of this locale (else the default locale when locales are configured). */
    locale: z.string({ error: (iss) => `'locale' must be a string such as 'en' (got ${show(iss.input)})` }).optional(),
    /** Attach each document's folder configuration as `dirConfig`. Default false. */
    dirConfig: flag('dirConfig').optional(),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `unknown query parameter ${iss.keys.map((k) => `'${k}'`).join(', ')} (known: ${PARAMETER_NAMES.join(', ')})`
        : `query parameters must be an object (got ${show(iss.input)})`,
  },
);

export type QueryParams = z.output<typeof QueryParams>;
/** What callers may write: single objects and strings where lists are meant. */
export type QueryParamsInput = Omit<z.input<typeof QueryParams>, 'sort' | 'where'> & {
  where?: Condition | Condition[];
  sort?: SortSpec | SortSpec[];
};

/** The dot path of the first `undefined` inside a value, if any. */
function undefinedAt(value: unknown, path: string): string | undefined {
  if (value === undefined) return path;
  if (value === null || typeof value !== 'object') return undefined;
  const entries: [string, unknown][] = Array.isArray(value) ? [...value.entries()].map(([i, v]) => [String(i), v]) : Object.entries(value);
  for (const [key, child] of entries) {
    const found = undefinedAt(child, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Validates and normalises parameters; throws QueryError on the first problem. */
export function parseQueryParams(input: unknown): QueryParams {
  const result = QueryParams.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const parameter = issue.code === 'unrecognized_keys' && issue.path.length === 0 ? issue.keys[0]! : String(issue.path[0] ?? 'params');
    throw new QueryError(parameter, issue.message);
  }
  const params = result.data;
  // First, as every later step walks the conditions recursively.
  if (params.where) checkLimits(params.where, 'where');
  if (params.surround && typeof params.surround.query !== 'string') checkLimits([params.surround.query], 'surround', 'surround.query');
  // JSON cannot carry undefined: a query holding one would hash like another query.
  const hole = params.where && undefinedAt(params.where, '');
  if (hole !== undefined) throw new QueryError('where', `'where' has no value at '${hole}' (use {"$exists": false} for missing fields)`);
  const surroundHole = params.surround && undefinedAt(params.surround.query, '');
  if (surroundHole !== undefined) throw new QueryError('surround', `'surround.query' has no value at '${surroundHole}'`);
  if (params.where) compileWhere(params.where);
  if (params.surround && typeof params.surround.query !== 'string') compileCondition(params.surround.query, 'surround');
  return params;
}
