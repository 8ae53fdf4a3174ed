/**
 * npm run check:content — validates all content without building pages:
 * every frontmatter and folder-config field, link and redirect targets
 * (src/content/linkTargets.ts), internal links and anchors, embedded
 * components and their attributes, guards, and the catalogues with the rules
 * engine.
 * Prints each problem as `file:line: reason` and exits 1 when there is one.
 */
import { loadSite, contentDirFromEnv, loadCatalogues, ContentErrors, ContentError } from '../src/content';
import { join } from 'node:path';

const dir = contentDirFromEnv();
const problems: string[] = [];
let pages = 0;
let entries = 0;
for (const step of [
  () => {
    pages = loadSite(dir).pages.size;
  },
  () => {
    const c = loadCatalogues(join(dir, 'data'));
    entries = c ? Object.values(c).reduce((n, list) => n + (list as unknown[]).length, 0) : 0;
  },
]) {
  try {
    step();
  } catch (e) {
    if (e instanceof ContentErrors) problems.push(...e.all.map((x) => x.message));
    else if (e instanceof ContentError) problems.push(e.message);
    else throw e;
  }
}
if (problems.length) {
  console.error(`${problems.length} content problem${problems.length === 1 ? '' : 's'} in ${dir}:`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`content OK: ${pages} pages, ${entries} catalogue entries (${dir})`);
