/**
 * JavaScript budget: npm run --silent bench:js [-- --dist DIR --page PATH … --files]
 * For each content page of a built site (dist/, run the build first), the
 * script it loads before any interaction (scripts/bench/js-budget.ts says
 * what counts) and whether it keeps to the 15 KB gzipped budget (issue 25).
 * `--files` lists every file. Numbers only; the test is tests/e2e/budget.spec.ts.
 */
import { BUDGET_GZ_BYTES, CONTENT_PAGES, preInteractionScripts, total } from './js-budget';

const args = process.argv.slice(2);
const dist = args.includes('--dist') ? args[args.indexOf('--dist') + 1]! : 'dist';
const pages = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const listFiles = args.includes('--files');
const kb = (n: number) => (n / 1024).toFixed(1);

const rows: string[] = [];
for (const page of pages.length ? pages : CONTENT_PAGES) {
  const files = await preInteractionScripts(dist, page);
  const sum = total(files);
  const inline = total(files.filter((f) => f.via === 'inline'));
  rows.push(`| \`${page}\` | ${files.length} (${files.filter((f) => f.via === 'inline').length} inline) | ${kb(sum.raw)} KB | ${kb(sum.gz)} KB (inline ${kb(inline.gz)} KB) | ${sum.gz <= BUDGET_GZ_BYTES ? 'met' : 'OVER'} |`);
  if (listFiles) {
    console.log(`\n${page}`);
    for (const f of files.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(f.gz).padStart(6)} KB gz  ${kb(f.raw).padStart(6)} KB  ${f.via.padEnd(16)} ${f.name}`);
  }
}
console.log(`\nScript before any interaction (${dist}, gzip level 9; budget ${kb(BUDGET_GZ_BYTES)} KB gzipped)\n`);
console.log('| page | files | raw | gzipped | budget |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(r);
