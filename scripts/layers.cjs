/**
 * The layers of docs/architecture.md as data: .dependency-cruiser.cjs makes
 * its rules from them, and scripts/layers.test.ts checks .astro files with them.
 */
/** Leaf modules any folder may import: zod's browser setting (imports nothing of the project) and the stylesheets. */
const LEAVES = '^src/config/zod\\.ts$|^src/styles/';

/** Folder → the folders of src/ it may import, from the bottom layer up (docs/architecture.md). */
const MAY_IMPORT = {
  // 1. Pure cores
  query: [],
  rules: [],
  // 2. Configuration
  config: [],
  // 3. Data access and the security policy
  db: ['query'],
  auth: [],
  storage: ['rules', 'config'],
  security: ['auth', 'storage', 'config'],
  // 4. Content pipeline and search
  content: ['config', 'query', 'rules'],
  search: ['content', 'config', 'query'],
  // 5. The build (Node)
  build: ['content', 'search', 'db', 'query', 'rules', 'config', 'security'],
  // 6. Client state and page scripts
  stores: ['auth', 'db', 'config'],
  scripts: ['config', 'stores', 'db', 'content', 'search', 'auth', 'query', 'security'],
  // 7. User interface: components, then the editors (which use components), then the layouts
  components: ['query', 'rules', 'config', 'db', 'auth', 'storage', 'security', 'content', 'search', 'build', 'stores', 'scripts'],
  editors: ['query', 'rules', 'config', 'db', 'auth', 'storage', 'security', 'content', 'search', 'build', 'stores', 'scripts', 'components', 'layouts'],
  layouts: ['query', 'rules', 'config', 'db', 'auth', 'storage', 'security', 'content', 'search', 'build', 'stores', 'scripts', 'components'],
  // 8. Entry points
  integrations: ['build', 'content', 'search', 'db', 'query', 'config', 'security'],
};

/**
 * Folders whose files are internal: from outside the folder, only these
 * surface files may be imported (type imports too), e.g. `../content`, not
 * `../content/load` (docs/architecture.md, Conventions).
 */
const SURFACES = {
  content: ['index.ts', 'browser.ts', 'testing.ts'],
};

/**
 * Parts of a folder held to less than their folder: part → folders of src/
 * it may not import (type imports exempt). The editor kit is the shared,
 * app-state-free part of the editors; the catalogue loader that reads the
 * page, the preview store and the site config lives in src/editors/catalogues.ts.
 */
const MAY_NOT_IMPORT = {
  'editors/kit': ['stores', 'config'],
};

module.exports = { MAY_IMPORT, LEAVES, SURFACES, MAY_NOT_IMPORT };
