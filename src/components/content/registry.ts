/**
 * Embedded components by directive name. Each takes the directive's
 * attributes as props (plus `name`, the directive's name).
 */
import type { ComponentName } from '../../content';
import Unavailable from './Unavailable.astro';
import GearList from '../rules/GearList.astro';
import ProbabilityChart from '../rules/ProbabilityChart.astro';
import TreeChart from '../rules/TreeChart.astro';
import Bestiary from '../rules/Bestiary.astro';
import CatalogueList from '../rules/CatalogueList.astro';
import EncounterCard from '../rules/EncounterCard.astro';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AstroComponent = (props: any) => any;

const registry: Partial<Record<ComponentName, AstroComponent>> = {
  'weapon-list': GearList,
  'armour-list': GearList,
  'equipment-list': GearList,
  'probability-chart': ProbabilityChart,
  'tree-chart': TreeChart,
  bestiary: Bestiary,
  'catalogue-list': CatalogueList,
  encounter: EncounterCard,
};

export function componentFor(name: ComponentName): AstroComponent {
  return registry[name] ?? Unavailable;
}
