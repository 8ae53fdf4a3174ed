/**
 * The layers of docs/architecture.md (listed in scripts/layers.cjs), checked
 * by dependency-cruiser (scripts/layers.test.ts runs it; `npx depcruise src scripts` by hand).
 * Each folder of src/ may import only the folders listed for it; a folder
 * never imports one above it, so no two folders import each other.
 * `import type` is exempt (types shape no bundle and run nothing). Test
 * files are held to one rule only: nothing under src/ imports scripts/.
 * dependency-cruiser does not read .astro files: scripts/layers.test.ts
 * checks their imports against these same rules.
 */

const { MAY_IMPORT, LEAVES } = require('./scripts/layers.cjs');

const layerRules = Object.entries(MAY_IMPORT).map(([folder, allowed]) => ({
  name: `layer-${folder}`,
  comment: `src/${folder} may import ${allowed.length ? allowed.map((f) => `src/${f}`).join(', ') : 'no other folder of src/'} (docs/architecture.md, Layers)`,
  severity: 'error',
  from: { path: `^src/${folder}/`, pathNot: '\\.test\\.tsx?$' },
  to: {
    path: '^src/',
    pathNot: `^src/(${[folder, ...allowed].join('|')})/|${LEAVES}`,
    dependencyTypesNot: ['type-only'],
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'src-not-scripts',
      comment: 'code and tests under src/ never import the command-line scripts (src/storage/testing starts the emulator through scripts/)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/storage/testing/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'no-circular',
      comment: 'no module imports one that imports it back',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '__fixtures__' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
