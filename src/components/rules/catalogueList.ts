/**
 * The entries of `::catalogue-list{of=…}` (CatalogueList.astro): per catalogue,
 * the anchor prefix that search and the editors link to, and each entry's
 * name, one line of costs and its rules text. Typed from the catalogue
 * schemas, so a renamed field fails the type check, not the page.
 */
import { capitalized, renderEffectText, type Catalogues } from '../../rules';

export interface CatalogueListEntry {
  id: string;
  name: string;
  meta: string;
  /** Markdown (one line), rendered inline by the component. */
  text: string;
  tags?: string[];
}

const sign = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The anchor prefix and entries for `which` (core-effects, core-side-effects, creature-properties, blueprint-features); no entries for another name. */
export function catalogueListEntries(catalogues: Catalogues, which: string | undefined): { prefix: string; entries: CatalogueListEntry[] } {
  switch (which) {
    case 'core-effects':
      return {
        prefix: 'effect',
        entries: catalogues.coreEffects.map((e) => ({
          id: e.id,
          name: e.name,
          meta: `${capitalized(e.discipline)} · cost ${e.baseCost}${e.maxPotency > 1 ? `, potency 1–${e.maxPotency} (+${e.costPerPotency} per step)` : ''}`,
          // The rules text at the lowest potency; the meta line names the range.
          text: (e.maxPotency > 1 ? 'At potency 1: ' : '') + renderEffectText(e, 1),
        })),
      };
    case 'core-side-effects':
      return { prefix: 'side-effect', entries: catalogues.coreSideEffects.map((e) => ({ id: e.id, name: e.name, meta: `Refunds ${e.refund}`, text: e.text })) };
    case 'creature-properties':
      return {
        prefix: 'property',
        entries: catalogues.creatureProperties.map((e) => {
          const mods = Object.entries(e.modifiers ?? {}).map(([k, v]) => `${k} ${sign(v)}`);
          const pot = e.potency?.max;
          return {
            id: e.id,
            name: e.name,
            meta: [`Threat ${e.threat}${pot ? ' per potency' : ''}`, pot ? `potency 1–${pot}` : '', ...mods].filter(Boolean).join(' · '),
            text: e.text,
            tags: e.tags,
          };
        }),
      };
    case 'blueprint-features':
      return {
        prefix: 'bp-feature',
        entries: catalogues.blueprintFeatures.map((e) => ({
          id: e.id,
          name: e.name,
          meta: `${capitalized(e.type)} · ${e.cost} pt${e.maxRanks ? ' per rank, up to ' + e.maxRanks : ''}`,
          text: e.text,
        })),
      };
    default:
      return { prefix: '', entries: [] };
  }
}
