/**
 * The `where` matcher: one table of operators and the compiler that turns a
 * list of conditions into a predicate. Compiling validates: an unknown `$op`
 * or a bad operand throws a QueryError naming it, before any document is seen.
 */
import { QueryError, show } from './errors';
import { compileRegex, parseRegex, RegexRefused, type RegexBudget } from './regex';
import { deepEqual, getPath, isPlainObject } from './values';

type Test = (value: unknown) => boolean;

interface Context {
  /** The parameter being compiled, for error messages (`where`, `surround`). */
  parameter: string;
  /** What the parameter's `$regex` patterns have spent so far (L4). */
  budget: RegexBudget;
  /** Compiles a nested operand in the same position (condition or field expression). */
  sub: (operand: unknown) => Test;
}

interface Operator {
  /** `$and`, `$or`, `$not` may stand at the top of a condition, in place of a field. */
  logical?: boolean;
  compile: (operand: unknown, ctx: Context, op: string) => Test;
}

/** Equal (deep), or, on an array field, any element equal (Q1). */
export function matchesValue(value: unknown, operand: unknown): boolean {
  return deepEqual(value, operand) || (Array.isArray(value) && value.some((e) => deepEqual(e, operand)));
}

const bad = (ctx: Context, op: string, needs: string, got: unknown): QueryError =>
  new QueryError(ctx.parameter, `'${ctx.parameter}': ${op} needs ${needs} (got ${show(got)})`);

function listOf(operand: unknown, ctx: Context, op: string): unknown[] {
  if (Array.isArray(operand)) return operand;
  if (isPlainObject(operand)) throw bad(ctx, op, 'a value or a list of values', operand);
  return [operand];
}

function orderable(operand: unknown, ctx: Context, op: string): string | number {
  if (typeof operand === 'number' || typeof operand === 'string') return operand;
  throw bad(ctx, op, 'a number or a string', operand);
}

/** Elements or substrings: does `value` hold `item`? */
function holds(value: unknown, item: unknown): boolean {
  if (typeof value === 'string') return typeof item === 'string' && value.includes(item);
  if (Array.isArray(value)) return value.some((e) => deepEqual(e, item));
  return false;
}

export const TYPE_NAMES = ['string', 'number', 'boolean', 'object', 'undefined'] as const;

/**
 * Every operator, by name. Each `compile` checks its operand and returns the
 * test for one value (a field's value, or the document for logical operators).
 */
export const operators: Readonly<Record<string, Operator>> = {
  /** Q2 Equal to the operand (deep); on an array field, any element equal. */
  $eq: { compile: (x) => (v) => matchesValue(v, x) },
  /** Q3 Not `$eq` (strict types: 1 is not '1'; a missing field is not equal). */
  $ne: { compile: (x) => (v) => !matchesValue(v, x) },
  /** Q4 Negates an operator object, a plain value (equality) or, at the top, a condition. */
  $not: { logical: true, compile: (x, ctx) => { const t = ctx.sub(x); return (v) => !t(v); } },
  /** Q5 Every listed condition holds (an empty list always holds). */
  $and: { logical: true, compile: (x, ctx, op) => { const ts = conditionList(x, ctx, op); return (v) => ts.every((t) => t(v)); } },
  /** Q6 At least one listed condition holds (an empty list never does). */
  $or: { logical: true, compile: (x, ctx, op) => { const ts = conditionList(x, ctx, op); return (v) => ts.some((t) => t(v)); } },
  /** Q7 Equal to one of the listed values (a single value is a list of one); arrays: any element. */
  $in: { compile: (x, ctx, op) => { const xs = listOf(x, ctx, op); return (v) => xs.some((i) => matchesValue(v, i)); } },
  /** Q8 String: has each operand as a substring; array: has each as an element (one object too). A list means all of them. */
  $contains: { compile: (x) => { const xs = Array.isArray(x) ? x : [x]; return (v) => (typeof v === 'string' || Array.isArray(v)) && xs.every((i) => holds(v, i)); } },
  /** Q9 String field holds the operand string, ignoring case. */
  $icontains: {
    compile: (x, ctx, op) => {
      if (typeof x !== 'string') throw bad(ctx, op, 'a string', x);
      const needle = x.toLowerCase();
      return (v) => typeof v === 'string' && v.toLowerCase().includes(needle);
    },
  },
  /** Q10 Like `$contains`, but any one of the listed values is enough (an empty list never matches). */
  $containsAny: {
    compile: (x, ctx, op) => {
      if (!Array.isArray(x)) throw bad(ctx, op, 'a list of values', x);
      return (v) => x.some((i) => holds(v, i));
    },
  },
  /** Q11 `true`: the field is present (null counts as present); `false`: it is missing. */
  $exists: {
    compile: (x, ctx, op) => {
      if (typeof x !== 'boolean') throw bad(ctx, op, 'true or false', x);
      return (v) => (v !== undefined) === x;
    },
  },
  /** Q12 JS `typeof` of the field: arrays and null are 'object', a missing field is 'undefined'. */
  $type: {
    compile: (x, ctx, op) => {
      if (!(TYPE_NAMES as readonly unknown[]).includes(x)) throw bad(ctx, op, `one of ${TYPE_NAMES.map((t) => `'${t}'`).join(', ')}`, x);
      return (v) => typeof v === x;
    },
  },
  /** Q13 String field matches a '/pattern/flags' string or a bare pattern, in time linear in the text (L2, L3). */
  $regex: {
    compile: (x, ctx, op) => {
      if (typeof x !== 'string') throw bad(ctx, op, "a pattern string such as '^/rules' or '/combat/i'", x);
      const { pattern, flags } = parseRegex(x);
      let test: (text: string) => boolean;
      try {
        test = compileRegex(pattern, flags, ctx.budget);
      } catch (e) {
        if (!(e instanceof RegexRefused)) throw e;
        throw new QueryError(ctx.parameter, `'${ctx.parameter}': ${op} pattern ${show(x)} ${e.message}`);
      }
      return (v) => typeof v === 'string' && test(v);
    },
  },
  /** Q18 The field's value meets a condition whose dot paths start inside it (nuxt/content's `$match`). */
  $match: {
    compile: (x, ctx, op) => {
      if (!isPlainObject(x)) throw bad(ctx, op, 'a condition object such as {"level": {"$gt": 1}}', x);
      return compileCondition(x, ctx.parameter, ctx.budget);
    },
  },
  /** Q14 Greater than: numbers with numbers, strings with strings (UTF-16 order); mixed types never match. */
  $gt: { compile: (x, ctx, op) => { const o = orderable(x, ctx, op); return (v) => typeof v === typeof o && (v as typeof o) > o; } },
  /** Q14 Greater than or equal (same typing as `$gt`). */
  $gte: { compile: (x, ctx, op) => { const o = orderable(x, ctx, op); return (v) => typeof v === typeof o && (v as typeof o) >= o; } },
  /** Q14 Less than (same typing as `$gt`). */
  $lt: { compile: (x, ctx, op) => { const o = orderable(x, ctx, op); return (v) => typeof v === typeof o && (v as typeof o) < o; } },
  /** Q14 Less than or equal (same typing as `$gt`). */
  $lte: { compile: (x, ctx, op) => { const o = orderable(x, ctx, op); return (v) => typeof v === typeof o && (v as typeof o) <= o; } },
};

export const OPERATOR_NAMES: readonly string[] = Object.keys(operators).sort();

function conditionList(operand: unknown, ctx: Context, op: string): Test[] {
  if (!Array.isArray(operand)) throw bad(ctx, op, 'a list of conditions', operand);
  return operand.map((c) => ctx.sub(c));
}

function operatorOf(name: string, parameter: string): Operator {
  const op = Object.prototype.hasOwnProperty.call(operators, name) ? operators[name] : undefined;
  if (!op) throw new QueryError(parameter, `'${parameter}': unknown operator '${name}' (known: ${OPERATOR_NAMES.join(', ')})`);
  return op;
}

const isOperatorKey = (key: string): boolean => key.startsWith('$');

/** A field expression: an operator object (`{$gt: 2}`) or a plain value (equality). */
function compileField(expr: unknown, parameter: string, budget: RegexBudget): Test {
  if (isPlainObject(expr)) {
    const keys = Object.keys(expr);
    const ops = keys.filter(isOperatorKey);
    if (ops.length && ops.length !== keys.length) {
      throw new QueryError(parameter, `'${parameter}': an object cannot mix operators (${ops.join(', ')}) with plain keys (${keys.filter((k) => !isOperatorKey(k)).join(', ')})`);
    }
    if (ops.length) {
      const ctx: Context = { parameter, budget, sub: (x) => compileField(x, parameter, budget) };
      const tests = ops.map((name) => operatorOf(name, parameter).compile(expr[name], ctx, name));
      return (v) => tests.every((t) => t(v));
    }
  }
  return (v) => matchesValue(v, expr);
}

/** One condition object: every key holds. Keys are dot paths or `$and`/`$or`/`$not`. */
export function compileCondition(condition: unknown, parameter = 'where', budget: RegexBudget = { used: 0 }): Test {
  if (!isPlainObject(condition)) throw new QueryError(parameter, `'${parameter}' conditions must be objects such as {"draft": false} (got ${show(condition)})`);
  const ctx: Context = { parameter, budget, sub: (x) => compileCondition(x, parameter, budget) };
  const tests = Object.keys(condition).map((key): Test => {
    if (isOperatorKey(key)) {
      const op = operatorOf(key, parameter);
      if (!op.logical) throw new QueryError(parameter, `'${parameter}': operator '${key}' must be applied to a field, as in {"title": {"${key}": …}}`);
      return op.compile(condition[key], ctx, key);
    }
    const field = compileField(condition[key], parameter, budget);
    return (doc) => field(getPath(doc, key));
  });
  return (doc) => tests.every((t) => t(doc));
}

/** A list of conditions, all of which must hold. */
export function compileWhere(conditions: readonly unknown[], parameter = 'where'): Test {
  const budget: RegexBudget = { used: 0 };
  const tests = conditions.map((c) => compileCondition(c, parameter, budget));
  return (doc) => tests.every((t) => t(doc));
}
