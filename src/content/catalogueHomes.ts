/**
 * Where each catalogue entry is described on the rules pages: the component
 * that lists it and the anchor it carries. One table for the components, the
 * search index and the editors' links.
 */
export interface CatalogueHome {
  /** Directive that lists the entries (with its attributes, if any). */
  component: string;
  attrs?: Record<string, string>;
  /** Anchor of an entry: `${prefix}-${id}`. */
  prefix: string;
  /** Kind shown in search results. */
  kind: (entry: { type?: string }) => string;
}

export const CATALOGUE_HOMES: Record<string, CatalogueHome[]> = {
  gear: [
    { component: 'weapon-list', prefix: 'gear', kind: () => 'weapon' },
    { component: 'armour-list', prefix: 'gear', kind: () => 'armour' },
    { component: 'equipment-list', prefix: 'gear', kind: (e) => e.type ?? 'equipment' },
  ],
  features: [{ component: 'tree-chart', prefix: 'feature', kind: () => 'feature' }],
  coreEffects: [{ component: 'catalogue-list', attrs: { of: 'core-effects' }, prefix: 'effect', kind: () => 'core effect' }],
  coreSideEffects: [{ component: 'catalogue-list', attrs: { of: 'core-side-effects' }, prefix: 'side-effect', kind: () => 'side effect' }],
  creatureProperties: [{ component: 'catalogue-list', attrs: { of: 'creature-properties' }, prefix: 'property', kind: () => 'creature property' }],
  blueprintFeatures: [{ component: 'catalogue-list', attrs: { of: 'blueprint-features' }, prefix: 'bp-feature', kind: () => 'gear feature' }],
  creatures: [{ component: 'bestiary', prefix: 'creature', kind: () => 'creature' }],
};

/** Which gear list shows an item of this blueprint type. */
export function gearListFor(type: string): string {
  return type === 'weapon' ? 'weapon-list' : type === 'armour' ? 'armour-list' : 'equipment-list';
}
