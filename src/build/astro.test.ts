/**
 * Guards src/build/astro.ts, the one file that uses Astro's internals: on an
 * Astro upgrade this test fails and names what moved, while the build falls
 * back to `astro build` with the same sentence.
 */
import { describe, it, expect } from 'vitest';
import { ASTRO_VERSIONS, astroVersion, internalsProblems, internalsProblem, pageModuleOf, pageStyles, settleStyleOrder, type PageBuildData } from './astro';

describe('the Astro adapter (src/build/astro.ts)', () => {
  it('was written for the installed Astro: its version is in ASTRO_VERSIONS and every internal module and export it uses is there', async () => {
    const problems = await internalsProblems();
    expect(problems, `update src/build/astro.ts for Astro ${astroVersion()} (written for ${ASTRO_VERSIONS.from} to ${ASTRO_VERSIONS.below}):\n${problems.join('\n')}`).toEqual([]);
  });

  it('names another Astro version as the reason the content-only rebuild falls back', async () => {
    const problems = await internalsProblems('6.0.0');
    expect(problems[0]).toMatch(/^Astro 6\.0\.0 is installed; src\/build\/astro\.ts was written for 5\.18\.0 up to \(not including\) 5\.19\.0$/);
    expect((await internalsProblems('5.17.9'))[0]).toMatch(/^Astro 5\.17\.9 is installed/);
    expect(await internalsProblem()).toBeNull();
  });

  it("names the catch-all route's page module as Astro's static build does", () => {
    expect(pageModuleOf('/[...slug]')).toBe('pages/_---slug_.astro.mjs');
  });

  describe("a route's stylesheets, sorted in place by Astro once per page it renders", () => {
    // Two sheets of a page's script at one place in its imports (depth -1,
    // one order), which Astro's cssOrder puts each before the other, after
    // the layout's own.
    const sheets = (): PageBuildData['styles'] => [
      { depth: -1, order: 2, sheet: { type: 'external', src: '_astro/editor.css' } },
      { depth: -1, order: 2, sheet: { type: 'external', src: '_astro/index.css' } },
      { depth: 1, order: 1, sheet: { type: 'external', src: '_astro/slug.css' } },
    ];
    const renders = async (styles: PageBuildData['styles']) => {
      const pages: string[] = [];
      for (let page = 0; page < 4; page++) pages.push(((await pageStyles(styles)) as { src: string }[]).map((s) => s.src).join(' '));
      return pages;
    };

    it("alternate from page to page in Astro's own order (why settleStyleOrder is there)", async () => {
      expect(new Set(await renders(sheets())).size).toBe(2);
    });

    it('keep one order on every page once settled: the order Astro added them in', async () => {
      const styles = sheets();
      settleStyleOrder(styles);
      expect(await renders(styles)).toEqual(Array(4).fill('_astro/slug.css _astro/editor.css _astro/index.css'));
    });
  });
});
