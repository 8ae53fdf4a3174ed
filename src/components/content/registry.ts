/**
 * Embedded components by directive name. Each takes the directive's
 * attributes as props (plus `name`).
 */
import type { ComponentName } from '../../content/components';
import Unavailable from './Unavailable.astro';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AstroComponent = (props: any) => any;

const registry: Partial<Record<ComponentName, AstroComponent>> = {};

export function componentFor(name: ComponentName): AstroComponent {
  return registry[name] ?? Unavailable;
}
