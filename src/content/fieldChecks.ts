/**
 * Everything wrong with a page's frontmatter or a folder's `_dir.yml`, found
 * in one pass so the author fixes every field in one round: values of the
 * wrong type (the schemas), layouts and route guards that do not exist, and
 * redirect targets content may not use (linkTargets.ts). Each problem keeps
 * the path of its field, so the caller can point at the field's own line.
 * Pure.
 */
import type { z } from 'zod';
import { frontmatterSchema, dirConfigSchema, type Frontmatter } from './schema';
import { linkTargetProblem } from './linkTargets';
import type { FieldPath } from './frontmatter';
import type { DirConfig } from './types';
import { isLayoutName, LAYOUTS } from '../config/site';
import { KNOWN_GUARDS } from '../config/routes';

export interface FieldProblem {
  path: FieldPath;
  reason: string;
}

export interface CheckedFields<T> {
  /** The parsed fields; null when a field has the wrong type. */
  data: T | null;
  problems: FieldProblem[];
}

/** A page's frontmatter, every problem at once. */
export function checkFrontmatter(raw: unknown): CheckedFields<Frontmatter> {
  return checked(frontmatterSchema.safeParse(raw ?? {}), raw, ['redirect']);
}

/** A folder's `_dir.yml`, every problem at once. */
export function checkDirConfig(raw: unknown): CheckedFields<DirConfig> {
  return checked(dirConfigSchema.safeParse(raw ?? {}), raw, ['navigation', 'redirect']) as CheckedFields<DirConfig>;
}

/**
 * Layouts and route guards a record names (data files too): a string that
 * names none is a mistake. Values of another type are the schema's to report.
 */
export function nameProblems(raw: unknown): FieldProblem[] {
  const fields = asObject(raw);
  if (!fields) return [];
  const problems: FieldProblem[] = [];
  const layout = (path: FieldPath, value: unknown) => {
    if (typeof value === 'string' && !isLayoutName(value)) problems.push({ path, reason: `unknown layout '${value}' (known: ${LAYOUTS.join(', ')})` });
  };
  layout(['layout'], fields.layout);
  layout(['navigation', 'layout'], asObject(fields.navigation)?.layout);
  const guards = typeof fields.middleware === 'string' ? [fields.middleware] : Array.isArray(fields.middleware) ? fields.middleware : [];
  for (const guard of guards) {
    if (typeof guard === 'string' && !(KNOWN_GUARDS as readonly string[]).includes(guard)) {
      problems.push({ path: ['middleware'], reason: `unknown route guard '${guard}' (known guards: ${KNOWN_GUARDS.join(', ')})` });
    }
  }
  return problems;
}

function checked<T>(parsed: z.ZodSafeParseResult<T>, raw: unknown, redirectPath: FieldPath): CheckedFields<T> {
  const problems = parsed.success ? [] : schemaProblems(parsed.error);
  problems.push(...nameProblems(raw));
  const redirect = valueAt(raw, redirectPath);
  const target = typeof redirect === 'string' ? linkTargetProblem(redirect) : null;
  if (target) problems.push({ path: redirectPath, reason: `'${redirectPath.join('.')}': ${target}` });
  return { data: parsed.success ? parsed.data : null, problems };
}

/** Every issue the schema found, one per field. */
function schemaProblems(error: z.ZodError): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of error.issues.flatMap((i) => plainIssues(i, []))) {
    const where = issue.path.length ? `'${issue.path.map(String).join('.')}'` : 'frontmatter';
    if (seen.has(where)) continue;
    seen.add(where);
    problems.push({ path: issue.path, reason: `${where}: ${issue.message}` });
  }
  return problems;
}

/**
 * A union's issue says only "Invalid input". When the value has the shape of
 * one choice (a map of fields), that choice's own issues say what is wrong;
 * otherwise one sentence names every shape the field may have.
 */
function plainIssues(issue: z.core.$ZodIssue, parent: readonly PropertyKey[]): { path: PropertyKey[]; message: string }[] {
  const path = [...parent, ...issue.path];
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ path, message: issue.message }];
  const deeper = issue.errors.find((choice) => choice.length > 0 && choice.every((i) => i.path.length > 0));
  if (deeper) return deeper.flatMap((i) => plainIssues(i, path));
  const messages = issue.errors.flat().map((i) => i.message);
  const expected = [...new Set(messages.map((m) => /expected ([^,]+)/.exec(m)?.[1]).filter(Boolean))];
  const received = messages.map((m) => /received (\w+)/.exec(m)?.[1]).find(Boolean);
  if (expected.length === 0) return [{ path, message: issue.message }];
  return [{ path, message: `Invalid input: expected ${expected.join(' or ')}${received ? `, received ${received}` : ''}` }];
}

function valueAt(raw: unknown, path: FieldPath): unknown {
  let value = raw;
  for (const step of path) value = asObject(value)?.[step as string];
  return value;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
