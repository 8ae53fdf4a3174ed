import { test, expect } from '@playwright/test';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

/** Pages in a PDF from Chromium: each page object is written out whole (no object streams). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

test.describe('printing a content page', () => {
  test('prints the text and tables only, dark on white, with the addresses of links to other sites', async ({ page }) => {
    await page.goto('/rules/gear-and-blueprints');
    // The content has no link to another site yet; one is added as an author would write it.
    await page.locator('[data-page-body] p').first().evaluate((p) => {
      p.insertAdjacentHTML('beforeend', ' <a id="outside" href="https://example.org/dice">dice</a> <a id="inside" href="#armour">armour</a>');
    });
    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['header.site-header', '#site-nav', '[data-toc]', 'nav.crumbs', '[data-pagination]', 'footer.site-footer']) {
      await expect(page.locator(chrome).first(), chrome).toBeHidden();
    }
    await expect(page.locator('main button:visible')).toHaveCount(0);
    await expect(page.locator('[data-page-title]')).toBeVisible();
    await expect(page.locator('main table').first()).toBeVisible();
    const look = await page.evaluate(() => {
      const css = (el: Element, prop: string, pseudo?: string) => getComputedStyle(el, pseudo).getPropertyValue(prop);
      return {
        background: css(document.body, 'background-color'),
        text: css(document.querySelector('[data-page-body] p')!, 'color'),
        outside: css(document.getElementById('outside')!, 'content', '::after'),
        inside: css(document.getElementById('inside')!, 'content', '::after'),
        scroll: css(document.querySelector('.table-scroll')!, 'overflow-x'),
      };
    });
    expect(look.background).toBe('rgb(255, 255, 255)');
    expect(look.text).toBe('rgb(17, 17, 17)');
    expect(look.outside).toContain('https://example.org/dice');
    expect(look.inside).toBe('none');
    expect(look.scroll).toBe('visible');

    // The PDF itself: the page on paper, with the address written out.
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(0);
    // Text and tables alone: a bound on the paper used (the screen chrome is
    // gone). 15 pages with its three tables printed whole (they were cut to
    // the screen's height, and the page was shorter, before issue 48).
    expect(pages).toBeLessThanOrEqual(16);
  });
});

test.describe('every content page on paper', () => {
  // A4 at 96 dpi: below md, where a tall table on screen is held to most of the screen's height.
  test.use({ viewport: { width: 794, height: 1123 } });

  test('prints whole: no table cut to a box smaller than its rows, no two blocks over each other', async ({ page, baseURL }) => {
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname).filter((p) => p === '/' || /^\/(rules|galacticguide)(\/|$)/.test(p));
    expect(paths.length).toBeGreaterThan(10);
    await page.emulateMedia({ media: 'print' });
    for (const path of paths) {
      await test.step(path, async () => {
        await page.goto(new URL(path, baseURL).href);
        const problems = await page.evaluate(() => {
          const found: string[] = [];
          for (const box of document.querySelectorAll<HTMLElement>('main .table-scroll, main .tree-scroll')) {
            if (box.scrollHeight > box.clientHeight + 1) found.push(`a table box shows ${box.clientHeight} of its ${box.scrollHeight} px`);
          }
          const blocks = [...document.querySelectorAll<HTMLElement>('[data-page-body] > *')].filter((el) => el.getClientRects().length > 0);
          for (let i = 1; i < blocks.length; i++) {
            const above = blocks[i - 1]!.getBoundingClientRect();
            const below = blocks[i]!.getBoundingClientRect();
            if (below.top < above.bottom - 1) found.push(`<${blocks[i]!.tagName.toLowerCase()}> starts ${Math.round(above.bottom - below.top)} px over the <${blocks[i - 1]!.tagName.toLowerCase()}> above it`);
          }
          return found;
        });
        expect(problems, path).toEqual([]);
      });
    }
  });
});
