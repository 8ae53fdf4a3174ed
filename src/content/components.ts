/**
 * Names that Markdown may use as directives, and what each component's
 * attributes may hold. A name or attribute not listed here, or a value that
 * names nothing, fails the build with the file and line, so a typo never
 * reaches a reader.
 */
import { linkTargetProblem } from './linkTargets';
// The zod-free entry: browser bundles that read this list load no schema.
import { parseCreatureList, parseCrew, RulesError } from '../rules/engine';

/** Leaf directives (`::weapon-list`): embedded components rendered by the site. */
export const COMPONENTS = [
  'weapon-list',
  'armour-list',
  'equipment-list',
  'probability-chart',
  'tree-chart',
  'bestiary',
  'catalogue-list',
  'encounter',
] as const;

export type ComponentName = (typeof COMPONENTS)[number];

/** Container directives (`:::note … :::`): callouts, rendered as asides. */
export const CALLOUTS = ['note', 'tip', 'warning', 'example'] as const;

export type CalloutKind = (typeof CALLOUTS)[number];

export const CALLOUT_TITLES: Record<CalloutKind, string> = {
  note: 'Note',
  tip: 'Tip',
  warning: 'Warning',
  example: 'Example',
};

export function isComponent(tag: string): tag is ComponentName {
  return (COMPONENTS as readonly string[]).includes(tag);
}

/** The catalogues `::catalogue-list{of="…"}` shows (CatalogueList.astro). */
export const CATALOGUE_LISTS = ['core-effects', 'core-side-effects', 'creature-properties', 'blueprint-features'] as const;

/**
 * What one attribute of a component holds: a name from a fixed list, the name
 * of a feature tree in the features catalogue, a link target
 * (linkTargets.ts), plain text, bestiary creatures with counts
 * (`scuttler-drone*2, gutter-hound`) or a crew (`4@2`: four heroes of rank 2).
 * `required` attributes must be given.
 */
export type AttributeRule = { required?: boolean } & (
  | { holds: 'one-of'; values: readonly string[] }
  | { holds: 'tree' }
  | { holds: 'link' }
  | { holds: 'text' }
  | { holds: 'creatures' }
  | { holds: 'crew' }
);

/** Every attribute each component takes; any other attribute is a mistake. */
export const COMPONENT_ATTRIBUTES: Record<ComponentName, Record<string, AttributeRule>> = {
  'weapon-list': {},
  'armour-list': {},
  'equipment-list': {},
  'probability-chart': {},
  'tree-chart': { tree: { holds: 'tree' } },
  bestiary: {},
  'catalogue-list': { of: { holds: 'one-of', values: CATALOGUE_LISTS, required: true } },
  encounter: { title: { holds: 'text' }, creatures: { holds: 'creatures', required: true }, crew: { holds: 'crew', required: true } },
};

/** Names that live in the catalogues; null when the catalogues cannot be read (their own check reports why). */
export interface CatalogueNames {
  trees: readonly string[] | null;
  /** The bestiary's creature ids. */
  creatures: readonly string[] | null;
}

/**
 * What is wrong with one use of a component, as sentences: unknown or
 * missing attributes, names that no catalogue has, link targets content may
 * not use. `names` is asked only when an attribute needs a catalogue.
 */
export function componentProblems(
  name: ComponentName,
  attributes: Record<string, string>,
  names: () => CatalogueNames,
  rules: Record<string, AttributeRule> = COMPONENT_ATTRIBUTES[name],
): string[] {
  const problems: string[] = [];
  const takes = Object.keys(rules);
  for (const [attribute, value] of Object.entries(attributes)) {
    const rule = rules[attribute];
    if (!rule) {
      problems.push(`unknown attribute '${attribute}' on '::${name}' (${takes.length ? `it takes: ${takes.join(', ')}` : 'it takes none'})`);
      continue;
    }
    const problem = valueProblem(rule, value, names);
    if (problem) problems.push(`'::${name}{${attribute}}': ${problem}`);
  }
  for (const [attribute, rule] of Object.entries(rules)) {
    if (rule.required && !(attribute in attributes)) {
      const hint = rule.holds === 'one-of' ? ` (one of: ${rule.values.join(', ')})` : '';
      problems.push(`'::${name}' needs the attribute '${attribute}'${hint}, e.g. ::${name}{${attribute}="…"}`);
    }
  }
  return problems;
}

function valueProblem(rule: AttributeRule, value: string, names: () => CatalogueNames): string | null {
  switch (rule.holds) {
    case 'one-of':
      return rule.values.includes(value) ? null : `unknown name '${value}' (known: ${rule.values.join(', ')})`;
    case 'tree': {
      const trees = names().trees;
      if (trees === null || trees.includes(value)) return null;
      return `unknown tree '${value}' (${trees.length ? `trees in the features catalogue: ${trees.join(', ')}` : 'the features catalogue has no trees'})`;
    }
    case 'link':
      return linkTargetProblem(value);
    case 'text':
      return null;
    case 'creatures':
      return creaturesProblem(value, names);
    case 'crew':
      return sentenceOf(() => parseCrew(value));
  }
}

/** The parser's sentence when it refuses `value`, else null. */
function sentenceOf(parse: () => unknown): string | null {
  try {
    parse();
    return null;
  } catch (e) {
    if (e instanceof RulesError) return e.message;
    throw e;
  }
}

function creaturesProblem(value: string, names: () => CatalogueNames): string | null {
  const bad = sentenceOf(() => parseCreatureList(value));
  if (bad) return bad;
  const known = names().creatures;
  if (known === null) return null;
  const unknown = parseCreatureList(value).filter(([id]) => !known.includes(id)).map(([id]) => `'${id}'`);
  if (!unknown.length) return null;
  return `unknown creature ${unknown.join(', ')} (${known.length ? `the bestiary has: ${known.join(', ')}` : 'the bestiary is empty'})`;
}
