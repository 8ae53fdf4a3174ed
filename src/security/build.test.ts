/**
 * The build reads a page's inline scripts as the browser does and names
 * each one the policy would block, so such a page fails the build.
 */
import { describe, it, expect } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allowedHashes, blockedScripts, buildPolicy, inlineScripts, scriptHash, type BuildSecurity } from './build';
import { serviceSources } from './policy';
import { pathToFileURL } from 'node:url';
import securityIntegration, { checkPages, securityChecked } from '../integrations/security';
import { astroIslandScripts } from '../integrations/astroScripts';
import { buildContext } from '../build/context';
import { scratchDir } from '../content/testing';

const page = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><script>var a = 1;</script></head><body>${body}</body></html>`;

describe('inline scripts of a page', () => {
  it('are the scripts without src that a browser runs, their text exactly', () => {
    const html = page(
      '<script type="module">import("/x.js")</script><script src="/a.js"></script><script type="application/json">{"a":"</p>"}</script>' +
        '<script data-to="/x">location.replace(document.currentScript.dataset.to + location.hash);</script><template><script>t()</script></template>',
    );
    expect(inlineScripts(html)).toEqual(['var a = 1;', 'import("/x.js")', 'location.replace(document.currentScript.dataset.to + location.hash);', 't()']);
  });

  it('hash as the browser does (SHA-256 of the UTF-8 text, base64)', () => {
    // The value Chromium reports for `alert('Hello, world.');` (CSP Level 3, hash-source example).
    expect(scriptHash("alert('Hello, world.');")).toBe('qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
  });
});

describe('a page checked against the policy', () => {
  const security: BuildSecurity = { astroScriptHashes: [scriptHash('var a = 1;')], services: serviceSources({}) };
  const allowed = allowedHashes(buildPolicy(security, ['ok()']));

  it('passes when every inline script is allowed', () => {
    expect(blockedScripts('index.html', page('<script>ok()</script>'), allowed)).toEqual([]);
  });

  it('names the page, the hash and the start of each script that would be blocked', () => {
    expect(blockedScripts('rules/index.html', page('<script>const target = "/x"; go(target)</script>'), allowed)).toEqual([
      `rules/index.html: an inline script the Content-Security-Policy does not allow (sha256-${scriptHash('const target = "/x"; go(target)')}), starting "const target = "/x"; go(target)"`,
    ]);
  });

  it('fails the build for a page under the output folder, naming it', () => {
    const out = scratchDir('nucleus-csp-');
    mkdirSync(join(out, 'rules'), { recursive: true });
    writeFileSync(join(out, 'index.html'), page('<script>ok()</script>'));
    writeFileSync(join(out, 'rules', 'index.html'), page('<script>evil()</script>'));
    expect(() => checkPages(out, security)).toThrow(/1 inline script\(s\) would be blocked[\s\S]*rules\/index\.html: an inline script .* starting "evil\(\)"/);
  });

  it('fails the build with that sentence when the pages are checked on a worker thread', async () => {
    const out = scratchDir('nucleus-csp-');
    mkdirSync(join(out, 'rules'), { recursive: true });
    writeFileSync(join(out, 'index.html'), page('<script>ok()</script>'));
    writeFileSync(join(out, 'rules', 'index.html'), page('<script>evil()</script>'));
    buildContext().security = security;
    const { hooks } = securityIntegration();
    const dir = pathToFileURL(`${out}/`);
    await hooks['astro:build:generated']!({ dir } as never);
    await hooks['astro:build:done']!({ dir } as never);
    await expect(securityChecked().hooks['astro:build:done']!({ dir } as never)).rejects.toThrow(/1 inline script\(s\) would be blocked[\s\S]*rules\/index\.html: an inline script .* starting "evil\(\)"/);
  });

  it('fails the build when no page rendered the policy', () => {
    expect(() => checkPages(scratchDir('nucleus-csp-'), { astroScriptHashes: [], services: serviceSources({}) })).toThrow(/no page rendered the Content-Security-Policy/);
  });
});

describe("Astro's inline scripts", () => {
  it('are the island loader and the script of each built-in hydration directive, read before any page renders', async () => {
    const scripts = await astroIslandScripts();
    expect(scripts.filter((text) => text.includes('customElements.define("astro-island"'))).toHaveLength(1);
    for (const directive of ['load', 'idle', 'visible', 'media', 'only']) {
      expect(scripts.filter((text) => text.includes(`(self.Astro||(self.Astro={})).${directive}=`)), directive).toHaveLength(1);
    }
    expect(scripts).toHaveLength(6);
  });
});
