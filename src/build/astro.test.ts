/**
 * Guards src/build/astro.ts, the one file that uses Astro's internals: on an
 * Astro upgrade this test fails and names what moved, while the build falls
 * back to `astro build` with the same sentence.
 */
import { describe, it, expect } from 'vitest';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ASTRO_VERSIONS, astroVersion, buildInputs, internalsProblems, internalsProblem, pageStyles, settleStyleOrder, watchPrerenderer, type PageBuildData } from './astro';

/** A module of the installed Astro's dist/. */
async function astroDist<T>(path: string): Promise<T> {
  const root = join(createRequire(import.meta.url).resolve('astro/package.json'), '..');
  return (await import(/* @vite-ignore */ pathToFileURL(join(root, 'dist', path)).href)) as T;
}

describe('the Astro adapter (src/build/astro.ts)', () => {
  it('was written for the installed Astro: its version is in ASTRO_VERSIONS and every internal module and export it uses is there', async () => {
    const problems = await internalsProblems();
    expect(problems, `update src/build/astro.ts for Astro ${astroVersion()} (written for ${ASTRO_VERSIONS.from} to ${ASTRO_VERSIONS.below}):\n${problems.join('\n')}`).toEqual([]);
  });

  it('names another Astro version as the reason the content-only rebuild falls back', async () => {
    const problems = await internalsProblems('7.4.0');
    expect(problems[0]).toMatch(/^Astro 7\.4\.0 is installed; src\/build\/astro\.ts was written for 7\.3\.0 up to \(not including\) 7\.4\.0$/);
    expect((await internalsProblems('5.18.0'))[0]).toMatch(/^Astro 5\.18\.0 is installed/);
    expect((await internalsProblems('7.2.9'))[0]).toMatch(/^Astro 7\.2\.9 is installed/);
    expect(await internalsProblem()).toBeNull();
  });

  it("gives the prerender app's build environment all it reads of the build's internals and options", async () => {
    // Astro's own build environment (the prerender bundle carries a copy of it), given what openBundle gives the bundle's app.
    type Env = { env: { headElements(m: unknown, r: unknown): { styles: Set<{ props: Record<string, unknown> }>; scripts: Set<{ children: string }>; links: Set<unknown> } }; setInternals(i: unknown): void; setOptions(o: unknown): void };
    const { createBuildEnvironment } = await astroDist<{ createBuildEnvironment: () => Env }>('core/build/environment.js');
    const { makePageDataKey } = await astroDist<{ makePageDataKey: (route: string, component: string) => string }>('core/build/plugins/util.js');
    const component = 'src/pages/[...slug].astro';
    const styles: PageBuildData['styles'] = [
      { depth: 1, order: 1, sheet: { type: 'external', src: '/_astro/slug.css' } },
      { depth: 0, order: 0, sheet: { type: 'external', src: '/_astro/base.css' } },
    ];
    const route = { route: '/[...slug]', pageKey: makePageDataKey('/[...slug]', component), styles, scripts: [{ stage: 'head-inline', content: 'window.x=1' }], origin: 'https://example.org' };
    const { internals, options } = buildInputs(route, component, { write: () => true });
    const build = createBuildEnvironment();
    build.setInternals(internals);
    build.setOptions(options);
    const head = build.env.headElements({ base: '/', assetsPrefix: undefined }, { route: '/[...slug]', component });
    expect([...head.styles].map((s) => s.props.href)).toEqual(['/_astro/base.css', '/_astro/slug.css']);
    expect([...head.scripts].map((s) => s.children)).toEqual(['window.x=1']);
  });

  it("reports where the prerender bundle is once Astro's default prerenderer is set up, and never stops the build", async () => {
    const seen: unknown[] = [];
    const calls: string[] = [];
    const wrapped = watchPrerenderer((b) => {
      seen.push(b);
    })({
      name: 'astro:default',
      setup: async () => void calls.push('setup'),
      getStaticPaths: async () => [],
      render: async () => new Response('page'),
    });
    await wrapped.setup!();
    expect(calls).toEqual(['setup']);
    expect(seen[0]).toBeInstanceOf(Error);
    expect(await ((await wrapped.render(new Request('https://example.org/'), { routeData: {} as never })) as Response).text()).toBe('page');
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
