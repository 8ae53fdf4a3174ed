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

const { MAY_IMPORT, LEAVES, SURFACES, MAY_NOT_IMPORT } = require('./scripts/layers.cjs');

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

const surfaceRules = Object.entries(SURFACES).map(([folder, files]) => ({
  name: `surface-${folder}`,
  comment: `from outside src/${folder}, import only its surface: ${files.map((f) => `src/${folder}/${f}`).join(', ')} (docs/architecture.md, Conventions)`,
  severity: 'error',
  from: { pathNot: `^src/${folder}/` },
  to: { path: `^src/${folder}/`, pathNot: `^src/${folder}/(${files.map((f) => f.replace(/\./g, '\\.')).join('|')})$` },
}));

const partRules = Object.entries(MAY_NOT_IMPORT).map(([part, denied]) => ({
  name: `part-${part.replace(/\//g, '-')}`,
  comment: `src/${part} imports none of ${denied.map((f) => `src/${f}`).join(', ')} (docs/architecture.md, Layers)`,
  severity: 'error',
  from: { path: `^src/${part}/`, pathNot: '\\.test\\.tsx?$' },
  to: { path: `^src/(${denied.join('|')})/`, pathNot: LEAVES, dependencyTypesNot: ['type-only'] },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    ...surfaceRules,
    ...partRules,
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
