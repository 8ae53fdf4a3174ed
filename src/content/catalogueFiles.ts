import type { Catalogues } from '../rules';

/**
 * Where each catalogue lives under `content/data/`: a file, or a folder whose
 * `*.yml` files make one catalogue. Shared by the build and the rules command.
 */
export const CATALOGUE_FILES: Record<string, keyof Catalogues> = {
  'features.yml': 'features',
  'blueprint-features.yml': 'blueprintFeatures',
  'core-effects.yml': 'coreEffects',
  'core-side-effects.yml': 'coreSideEffects',
  'creature-properties.yml': 'creatureProperties',
  'creatures.yml': 'creatures',
  gear: 'gear',
};
