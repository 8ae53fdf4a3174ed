/**
 * The inline scripts Astro writes into a page with an island: the
 * `astro-island` loader and one script per hydration directive. The
 * Content-Security-Policy allows them by hash, and every page carries the
 * policy, so their texts are needed before the first page renders. They are
 * read from Astro's public Container API (`astro/container`): one island per
 * built-in directive is rendered to a string and its inline scripts taken,
 * as Astro writes them in a production page. No module of Astro's `dist/` is
 * read (src/build/astro.ts keeps the rebuild's uses of internals apart).
 *
 * The page check (src/integrations/pageScripts.ts) still reads every built
 * page, so a script Astro writes that this list lacks (a new directive, an
 * integration's own) fails the build with its page and text instead of being
 * blocked in a reader's browser.
 */
import type { SSRResult } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createComponent, render, renderComponent } from 'astro/runtime/server/index.js';
import { inlineScripts } from '../security/build';

/** Astro's built-in hydration directives, each with the value a page gives it. */
const DIRECTIVES: [name: string, value: unknown][] = [
  ['load', true],
  ['idle', true],
  ['visible', true],
  ['media', '(min-width: 1px)'],
  ['only', 'react'],
];

/** A renderer that claims every component and renders it empty: the islands' markup does not matter, only the scripts around it. */
const EMPTY_RENDERER = {
  name: '@astrojs/react',
  check: async () => true,
  renderToStaticMarkup: async () => ({ html: '' }),
};

/** The texts of the inline scripts Astro writes for islands, each once, in the order first met. */
export async function astroIslandScripts(): Promise<string[]> {
  const container = await AstroContainer.create();
  container.addServerRenderer({ name: EMPTY_RENDERER.name, renderer: EMPTY_RENDERER });
  container.addClientRenderer({ name: EMPTY_RENDERER.name, entrypoint: '@astrojs/react/client.js' });
  const Island = () => null;
  const found = new Set<string>();
  for (const [directive, value] of DIRECTIVES) {
    const page = createComponent((result: SSRResult) =>
      render`${renderComponent(result, 'Island', Island, {
        [`client:${directive}`]: value,
        'client:component-hydration': directive,
        'client:component-path': '/island.js',
        'client:component-export': 'default',
      })}`,
    );
    for (const text of inlineScripts(await container.renderToString(page))) found.add(text);
  }
  return [...found];
}
