/**
 * Names that Markdown may use as directives. A name not listed here fails the
 * build with the file and line, so a typo never reaches a reader.
 */

/** Leaf directives (`::weapon-list`): embedded components rendered by the site. */
export const COMPONENTS = [
  'weapon-list',
  'armour-list',
  'equipment-list',
  'probability-chart',
  'tree-chart',
  'bestiary',
  'catalogue-list',
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
