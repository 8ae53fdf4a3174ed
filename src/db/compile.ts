/**
 * Compiles query parameters to SQL over the `documents` table.
 *
 * The reference `runQuery` decides what a query returns; SQL only narrows the
 * rows it has to look at. Each condition compiles to a SQL filter that keeps
 * at least every matching row (a superset), and says whether it keeps exactly
 * those (`exact`). When the whole filter is exact, count, the default order
 * with skip/limit, and surround run in SQL on the indexed `stem_rank`; else
 * the candidate rows are read in input order and finished by `runQuery`.
 */
import { localeFilter, parseRegex, type QueryOptions, type QueryParams } from '../query';
import { INDEXED_FIELDS, type IndexedColumn } from './schema';

type Arg = string | number;

/** A SQL filter that keeps every matching row; `exact`: and no other. */
export interface SqlFilter {
  sql: string;
  args: Arg[];
  exact: boolean;
}

const ALL: SqlFilter = { sql: '1', args: [], exact: true };
const NONE: SqlFilter = { sql: '0', args: [], exact: true };
/** Keeps every row because SQL cannot tell; the reference matcher decides. */
const UNKNOWN: SqlFilter = { sql: '1', args: [], exact: false };

/**
 * The largest filter sent to SQLite (D13): SQLite refuses expressions nested
 * over 1,000 deep (a chain of 1,000 ORs is) and over 32,766 parameters. A
 * longer filter keeps every row instead; runQuery decides, as fast as SQL
 * would for a condition that long.
 */
export const MAX_FILTER_SQL = 4_000;
export const MAX_FILTER_ARGS = 500;

const bounded = (f: SqlFilter): SqlFilter => (f.sql.length > MAX_FILTER_SQL || f.args.length > MAX_FILTER_ARGS ? UNKNOWN : f);

function and(parts: SqlFilter[]): SqlFilter {
  const kept = parts.filter((p) => p.sql !== '1');
  const exact = parts.every((p) => p.exact);
  if (kept.some((p) => p.sql === '0' && p.exact)) return NONE;
  if (!kept.length) return exact ? ALL : UNKNOWN;
  return bounded({ sql: kept.map((p) => `(${p.sql})`).join(' AND '), args: kept.flatMap((p) => p.args), exact });
}

function or(parts: SqlFilter[]): SqlFilter {
  if (!parts.length) return NONE;
  const exact = parts.every((p) => p.exact);
  if (parts.some((p) => p.sql === '1')) return exact ? ALL : UNKNOWN;
  return bounded({ sql: parts.map((p) => `(${p.sql})`).join(' OR '), args: parts.flatMap((p) => p.args), exact });
}

/** NOT of a superset is no superset: only an exact filter can be negated. */
function not(part: SqlFilter): SqlFilter {
  if (!part.exact) return UNKNOWN;
  if (part.sql === '1') return NONE;
  if (part.sql === '0') return ALL;
  return { sql: `NOT (${part.sql})`, args: part.args, exact: true };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isOperatorObject = (v: unknown): v is Record<string, unknown> => isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

/** How one field is reachable in SQL: an indexed column or a JSON path. */
interface Column {
  column: IndexedColumn;
  kind: 'text' | 'boolean';
  /** Every document holds a value of `kind` in this column. */
  regular: boolean;
}

/** Strings SQLite orders like JS (`<`): UTF-8 byte order and UTF-16 order agree below U+D800. */
const orderSafe = (s: string): boolean => !/[\uD800-\uFFFF]/.test(s);

function sqlValue(col: Column, v: unknown): Arg | undefined {
  if (col.kind === 'text') return typeof v === 'string' && !/\p{Cs}/u.test(v) ? v : undefined;
  return typeof v === 'boolean' ? (v ? 1 : 0) : undefined;
}

/** A filter kept exact on a regular column; on another, rows without a value (NULL) may match too. */
function onColumn(col: Column, sql: string, args: Arg[]): SqlFilter {
  if (col.regular) return { sql, args, exact: true };
  return { sql: `${sql} OR ${col.column} IS NULL`, args, exact: false };
}

function columnEquals(col: Column, x: unknown): SqlFilter {
  const v = sqlValue(col, x);
  if (v === undefined) return col.regular ? NONE : { sql: `${col.column} IS NULL`, args: [], exact: false };
  return onColumn(col, `${col.column} = ?`, [v]);
}

function columnIn(col: Column, xs: unknown[]): SqlFilter {
  const vs = xs.map((x) => sqlValue(col, x)).filter((v): v is Arg => v !== undefined);
  if (!vs.length) return col.regular ? NONE : { sql: `${col.column} IS NULL`, args: [], exact: false };
  return bounded(onColumn(col, `${col.column} IN (${vs.map(() => '?').join(', ')})`, vs));
}

const RANGE: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

function columnOperator(col: Column, op: string, x: unknown): SqlFilter {
  const c = col.column;
  switch (op) {
    case '$eq':
      return columnEquals(col, x);
    case '$ne':
      return not(columnEquals(col, x));
    case '$in':
      return columnIn(col, Array.isArray(x) ? x : [x]);
    case '$not':
      return not(columnExpression(col, x));
    case '$and':
      return and((x as unknown[]).map((e) => columnExpression(col, e)));
    case '$or':
      return or((x as unknown[]).map((e) => columnExpression(col, e)));
    case '$exists':
      return col.regular ? (x ? ALL : NONE) : UNKNOWN;
    case '$type':
      return col.regular ? (x === (col.kind === 'text' ? 'string' : 'boolean') ? ALL : NONE) : UNKNOWN;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      if (col.kind === 'boolean' || typeof x === 'number') return col.regular ? NONE : { sql: `${c} IS NULL`, args: [], exact: false };
      if (typeof x !== 'string' || !orderSafe(x)) return UNKNOWN;
      return onColumn(col, `${c} ${RANGE[op]} ?`, [x]);
    }
    case '$regex': {
      if (col.kind !== 'text') return col.regular ? NONE : UNKNOWN;
      const { pattern, flags } = parseRegex(x as string);
      return onColumn(col, `regexp(?, ?, ${c})`, [pattern, flags]);
    }
    case '$contains': {
      if (col.kind !== 'text' || !col.regular) return UNKNOWN;
      const xs = Array.isArray(x) ? x : [x];
      if (!xs.every((i) => typeof i === 'string' && !/\p{Cs}/u.test(i))) return xs.some((i) => typeof i !== 'string') ? NONE : UNKNOWN;
      return and(xs.map((i) => ({ sql: `instr(${c}, ?) > 0`, args: [i as string], exact: true })));
    }
    default:
      return UNKNOWN;
  }
}

function columnExpression(col: Column, expr: unknown): SqlFilter {
  if (isOperatorObject(expr)) return and(Object.keys(expr).map((op) => columnOperator(col, op, expr[op])));
  return columnEquals(col, expr);
}

const SIMPLE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Pre-filters through json_extract for other fields; never exact (arrays, nulls and types differ). */
function jsonExpression(path: string, expr: unknown): SqlFilter {
  if (!SIMPLE_PATH.test(path)) return UNKNOWN;
  // A page's body is packed in a column of its own (writer.ts): `data` holds
  // a 0 in its place, so only the parsed document can answer for it.
  if (path === 'body' || path.startsWith('body.')) return UNKNOWN;
  const jp = '$.' + path;
  const scalar = (v: unknown): Arg | undefined => (typeof v === 'string' && !/\p{Cs}/u.test(v) ? v : typeof v === 'boolean' ? (v ? 1 : 0) : undefined);
  const equalsAny = (xs: unknown[]): SqlFilter => {
    const vs = xs.map(scalar);
    if (vs.some((v) => v === undefined)) return UNKNOWN;
    if (!vs.length) return UNKNOWN;
    return bounded({ sql: `json_extract(data, ?) IN (${vs.map(() => '?').join(', ')}) OR json_type(data, ?) = 'array'`, args: [jp, ...(vs as Arg[]), jp], exact: false });
  };
  if (!isOperatorObject(expr)) return equalsAny([expr]);
  return and(
    Object.keys(expr).map((op): SqlFilter => {
      const x = expr[op];
      if (op === '$eq') return equalsAny([x]);
      if (op === '$in') return equalsAny(Array.isArray(x) ? x : [x]);
      if (op === '$exists' && x === true) return { sql: 'json_type(data, ?) IS NOT NULL', args: [jp], exact: false };
      if (op === '$regex') {
        const { pattern, flags } = parseRegex(x as string);
        return { sql: "json_type(data, ?) = 'text' AND regexp(?, ?, json_extract(data, ?))", args: [jp, pattern, flags, jp], exact: false };
      }
      return UNKNOWN;
    }),
  );
}

/** Which indexed columns hold a value for every document (from the database's meta). */
export type RegularColumns = ReadonlySet<IndexedColumn>;

function conditionFilter(condition: Record<string, unknown>, regular: RegularColumns, json: boolean): SqlFilter {
  return and(
    Object.keys(condition).map((key): SqlFilter => {
      const x = condition[key];
      if (key === '$and') return and((x as unknown[]).map((c) => conditionFilter(c as Record<string, unknown>, regular, json)));
      if (key === '$or') return or((x as unknown[]).map((c) => conditionFilter(c as Record<string, unknown>, regular, json)));
      if (key === '$not') return not(conditionFilter(x as Record<string, unknown>, regular, json));
      const column = Object.prototype.hasOwnProperty.call(INDEXED_FIELDS, key) ? INDEXED_FIELDS[key as keyof typeof INDEXED_FIELDS] : undefined;
      // The folder column is derived where a document has no folder field: no superset of the field then.
      if (column && (column !== 'folder' || regular.has('folder'))) {
        return columnExpression({ column, kind: column === 'draft' ? 'boolean' : 'text', regular: regular.has(column) }, x);
      }
      return json ? jsonExpression(key, x) : UNKNOWN;
    }),
  );
}

export interface CompileOptions {
  /**
   * Pre-filter other fields through json_extract (default true). Worth it
   * while documents still have to be parsed; once they are cached in JS, the
   * reference matcher is faster than SQLite re-reading every JSON text.
   */
  json?: boolean;
}

/** The SQL filter for `where` and the locale filter of validated parameters. */
export function compileFilter(params: QueryParams, regular: RegularColumns, options: QueryOptions = {}, compile: CompileOptions = {}): SqlFilter {
  const parts = (params.where ?? []).map((c) => conditionFilter(c, regular, compile.json ?? true));
  const locale = localeFilter(params, options);
  if (locale !== undefined) parts.push(columnEquals({ column: 'locale', kind: 'text', regular: regular.has('locale') }, locale));
  return and(parts);
}

/** How the database answers a query (exposed so tests can see the fast paths are taken). */
export type QueryPlan =
  | { kind: 'count'; filter: SqlFilter }
  | { kind: 'page'; filter: SqlFilter; limit: number; offset: number }
  | { kind: 'surround'; filter: SqlFilter; path: string; before: number; after: number }
  | { kind: 'scan'; filter: SqlFilter };

/** Chooses a plan: SQL does the work when the filter is exact and the order is the default one. */
export function planQuery(params: QueryParams, regular: RegularColumns, options: QueryOptions = {}, compile: CompileOptions = {}): QueryPlan {
  const filter = compileFilter(params, regular, options, compile);
  const defaultOrder = !params.sort?.length;
  if (!filter.exact) return { kind: 'scan', filter };
  if (params.surround) {
    const q = params.surround.query;
    if (defaultOrder && typeof q === 'string' && !/\p{Cs}/u.test(q) && regular.has('path')) return { kind: 'surround', filter, path: q, before: params.surround.before, after: params.surround.after };
    return { kind: 'scan', filter };
  }
  if (params.count) return { kind: 'count', filter };
  if (!defaultOrder) return { kind: 'scan', filter };
  let limit = params.limit ?? -1;
  if (params.first) limit = limit === -1 ? 1 : Math.min(limit, 1);
  return { kind: 'page', filter, limit, offset: params.skip ?? 0 };
}
