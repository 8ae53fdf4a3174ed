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
    // Text and tables alone: a bound on the paper used (the screen chrome is gone).
    expect(pages).toBeLessThanOrEqual(14);
  });
});
