// @vitest-environment node
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../content/testing';
import { editorCode, gzippedBytes, pageAssets, precacheFiles, PRECACHE_BUDGET_GZ_BYTES } from './precache';
import { precacheList } from './serviceWorker';
import { offlineCopyList } from './offlineCopy';

function write(out: string, file: string, data: string | Buffer): void {
  mkdirSync(dirname(join(out, file)), { recursive: true });
  writeFileSync(join(out, file), data);
}

/** Text that does not compress: its gzipped size is about its size. */
const noise = (bytes: number) => randomBytes(bytes / 2).toString('hex');

const page = (base: string, title: string, extra = '') =>
  `<!doctype html><html><head><title>${title}</title><link rel="stylesheet" href="${base}_astro/reading.css"><script type="module" src="${base}_astro/page.js"></script><script src="${base}builds/current.js"></script>${extra}</head><body><main><h1>${title}</h1>${extra.includes('island') ? '' : '<div data-page-body></div>'}</main></body></html>`;

/**
 * A built site as the build writes it, the parts that made the precache
 * list 1.2 MB gzipped on the project's site and 10 MB at 5,000 pages: the
 * search files, the database and its engine, the editors, the Firebase SDK
 * and the install icons, beside the reading pages' shell.
 */
function site(pages: number, base = '/'): string {
  const out = scratchDir('nucleus-precache-');
  write(out, '_astro/page.js', `import{a}from"./shared.js";document.body.dataset.ready=a;const open=()=>import("./SearchDialog.js");`);
  write(out, '_astro/shared.js', `export const a="1";`);
  write(out, '_astro/reading.css', 'main{max-width:70ch}');
  write(out, '_astro/SearchDialog.js', `export default "${noise(60_000)}";`);
  write(out, '_astro/BlueprintEditor.abc.js', `import{a}from"./shared.js";const exportFile=()=>import("./transfer.abc.js");const sync=()=>import("./sdk.abc.js");export default "${noise(120_000)}";`);
  write(out, '_astro/BlueprintEditor.abc.css', '.editor{display:grid}');
  write(out, '_astro/transfer.abc.js', 'export const save=1;');
  write(out, '_astro/sdk.abc.js', `export default "${noise(200_000)}";`);
  write(out, 'builds/current.js', 'self.build="x";');
  write(out, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(out, 'manifest.webmanifest', '{"name":"Nucleus"}');
  write(out, 'icons/icon-192.png', randomBytes(8_000));
  write(out, 'icons/icon-512.png', randomBytes(47_000));
  write(out, 'content.sqlite.gz', randomBytes(pages * 1_000));
  write(out, 'sql-wasm.wasm', randomBytes(300_000));
  write(out, 'search-index.json', `{"terms":"${noise(20_000)}"}`);
  write(out, 'index.html', page(base, 'Nucleus'));
  write(out, 'offline/index.html', page(base, 'You are offline'));
  write(out, '_astro/LoginForm.js', `export default "${noise(40_000)}";`);
  // The login page is not a reading page: its island is not the shell.
  write(out, 'login/index.html', page(base, 'Sign in', `<astro-island component-url="${base}_astro/LoginForm.js"></astro-island>`));
  write(out, 'nucleus/BlueprintEditor/index.html', page(base, 'Blueprint editor', `<link rel="modulepreload" href="${base}_astro/EditorShell.js">`));
  for (let i = 0; i < pages; i++) {
    write(out, `rules/page-${i}/index.html`, page(base, `Rule ${i}`));
    write(out, `search/text-${i}.json`, `{"t":"${noise(2_000)}"}`);
  }
  return out;
}

describe('the precache list', () => {
  it('is the reading shell: the offline page, the pages’ scripts and styles with their static imports, small icons', async () => {
    expect(await precacheFiles(site(20))).toEqual([
      '_astro/page.js',
      '_astro/reading.css',
      '_astro/shared.js',
      'builds/current.js',
      'favicon.svg',
      'icons/icon-192.png',
      'manifest.webmanifest',
      'offline/index.html',
    ]);
  });

  it('stays within 150 KB gzipped, and the same list, from 20 pages to 2,000', async () => {
    const small = site(20);
    const large = site(2_000);
    const [fewPages, manyPages] = [await precacheFiles(small), await precacheFiles(large)];
    expect(manyPages).toEqual(fewPages);
    expect(gzippedBytes(large, manyPages)).toBeLessThanOrEqual(PRECACHE_BUDGET_GZ_BYTES);
    // The service worker's own list (with revisions) is this one.
    expect((await precacheList(large, '/')).map((e) => e.url)).toEqual(manyPages);
  });

  it('lists each editor’s whole code, what loads on a click included, for the page to cache once the editor is open; never Firebase', async () => {
    expect(await editorCode(site(3))).toEqual({
      blueprint: ['_astro/BlueprintEditor.abc.css', '_astro/BlueprintEditor.abc.js', '_astro/shared.js', '_astro/transfer.abc.js'],
    });
  });

  it('reads asset addresses under a sub-path and leaves other sites’ files out', () => {
    const html = page('/guide/', 'Combat', '<script src="https://example.com/x.js"></script><link rel="icon" href="/guide/favicon.svg">');
    expect(pageAssets(html, '/guide/')).toEqual(['_astro/reading.css', '_astro/page.js', 'builds/current.js']);
  });

  it('finds the shell of a site built under a sub-path', async () => {
    expect(await precacheFiles(site(3, '/guide/'), '/guide/')).toContain('_astro/shared.js');
  });
});

describe('the offline copy list (Save for offline)', () => {
  it('names every page by its address, the search files, the code reading and search load and the editors’, each with its size; never the Firebase SDK', async () => {
    const out = site(3);
    const copy = await offlineCopyList(out);
    const files = new Map(copy.files);
    expect(copy.pages).toBe(7);
    for (const page of ['', 'offline', 'login', 'nucleus/BlueprintEditor', 'rules/page-0', 'rules/page-2']) expect(files.has(page), page).toBe(true);
    for (const file of ['search-index.json', 'search/text-1.json', '_astro/page.js', '_astro/shared.js', '_astro/SearchDialog.js', '_astro/BlueprintEditor.abc.js', '_astro/transfer.abc.js', 'builds/current.js']) {
      expect(files.has(file), file).toBe(true);
    }
    expect(files.get('rules/page-1')).toBe(page('/', 'Rule 1').length);
    expect(files.has('_astro/sdk.abc.js')).toBe(false);
    // Reading pages read their own HTML: the database and its engine only in client-database mode.
    expect(files.has('content.sqlite.gz')).toBe(false);
    expect(new Map((await offlineCopyList(out, '/', { clientDatabase: true })).files).has('content.sqlite.gz')).toBe(true);
  });

  it('is the same list when the build hands over what the folder holds instead of walking it (the content-only rebuild)', async () => {
    const out = site(3);
    const listing = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(out, f)).isFile() && !f.startsWith('api/content/'));
    expect(await offlineCopyList(out, '/', { listing })).toEqual(await offlineCopyList(out));
    expect(await offlineCopyList(out, '/', { listing, clientDatabase: true })).toEqual(await offlineCopyList(out, '/', { clientDatabase: true }));
  });
});
