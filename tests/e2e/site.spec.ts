import { type Page } from '@playwright/test';
import { test, expect, re } from './fixtures';

// Nothing here is about the service worker or offline reading (offline.spec.ts,
// prefetch.spec.ts, subpath.spec.ts and version.spec.ts are): each fresh page
// skips installing it and precaching the shell and the editors.
test.use({ serviceWorkers: 'block' });

const routes: [string, RegExp][] = [
  ['/', /Nucleus/],
  ['/galacticguide', /Galactic Guide/i],
  ['/rules', /Rules/i],
  ['/login', /Sign in/],
  ['/nucleus', /Editors/],
  ['/nucleus/BlueprintEditor', /Blueprint editor/],
  ['/nucleus/CharacterEditor', /Character editor/],
  ['/nucleus/CoreEditor', /Core editor/],
  ['/nucleus/CreatureEditor', /Creature editor/],
];

// One page visits every route in turn (a step each, so a failure names its
// route): a fresh browser context per route cost more than the route itself.
test.describe('routes', () => {
  test('each route renders its title', async ({ page, at }) => {
    for (const [path, title] of routes) {
      await test.step(path, async () => {
        const response = await page.goto(at(path));
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(title);
      });
    }
  });

  test('old addresses end at their new pages, a fragment kept', async ({ page, at }) => {
    await test.step('/editor ends at /nucleus', async () => {
      await page.goto(at('/editor'));
      await expect(page).toHaveURL(new RegExp(`${re(at('/nucleus'))}/?$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editors');
    });
    await test.step('a redirect keeps the fragment: its script, not only the meta refresh, sends the reader on', async () => {
      // The target reaches the script through a data attribute (RedirectPage.astro);
      // the meta refresh alone would drop '#all'.
      await page.goto(at('/editor#all'));
      await expect(page).toHaveURL(new RegExp(`${re(at('/nucleus'))}/?#all$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editors');
    });
    await test.step('/creatureeditor ends at the creature editor', async () => {
      await page.goto(at('/creatureeditor'));
      await expect(page).toHaveURL(new RegExp(`${re(at('/nucleus/CreatureEditor'))}/?$`));
    });
  });
});

test.describe('not found', () => {
  test('an unknown path answers 404 with the path; a path that fails validation gets the validation wording', async ({ page, at }) => {
    const response = await page.goto(at('/no-such-page'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
    await expect(page.getByText('404 · Not Found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();

    const invalid = await page.goto(at('/Rules/Bad_Path'));
    expect(invalid?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /Rules/Bad_Path')).toBeVisible();
  });

  test('without JavaScript the page still says the page was not found', async ({ browser, at }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at('/no-such-page'));
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    await context.close();
  });
});

async function firstContentPage(page: Page, at: (p: string) => string): Promise<string> {
  await page.goto(at('/rules'));
  const next = page.getByRole('navigation', { name: 'Previous and next page' }).getByRole('link', { name: /Next/ });
  const href = await next.getAttribute('href');
  return href!;
}

test.describe('a content page', () => {
  test('shows the left navigation with the current page, a table of contents and prev/next that lead on', async ({ page, at }) => {
    await page.setViewportSize({ width: 1500, height: 900 });
    const path = await firstContentPage(page, at);
    await page.goto(path);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

    const nav = page.getByRole('complementary', { name: 'Site navigation' });
    await expect(nav.locator('a[aria-current="page"]')).toHaveText(title);

    const toc = page.getByRole('navigation', { name: 'On this page' });
    const firstEntry = toc.getByRole('link').first();
    const anchor = (await firstEntry.getAttribute('href'))!;
    await firstEntry.click();
    await expect(page).toHaveURL(new RegExp(`${anchor}$`));
    await expect(page.locator(anchor)).toBeInViewport();

    const pager = page.getByRole('navigation', { name: 'Previous and next page' });
    const nextLink = pager.getByRole('link', { name: /Next/ });
    const nextTitle = (await nextLink.locator('.t').textContent())!.trim();
    await nextLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
    const prevLink = page.getByRole('navigation', { name: 'Previous and next page' }).getByRole('link', { name: /Previous/ });
    await expect(prevLink).toContainText(title);
    await prevLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('is readable with JavaScript off', async ({ browser, at }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at('/rules/combat'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.prose h2').first()).toBeVisible();
    // Folded in the HTML (so that nothing moves when script unfolds it), and the
    // summary opens it without script.
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc).toBeHidden();
    await page.locator('[data-toc] summary').click();
    await expect(toc).toBeVisible();
    await toc.getByRole('link').first().click();
    await expect(page).toHaveURL(/#/);
    await context.close();
  });
});

test.describe('colour mode', () => {
  test('with nothing stored it follows the system, and the toggle names the mode it switches to', async ({ page, at }) => {
    // Three page loads: more than the default half-minute on a busy machine.
    const html = page.locator('html');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(at('/rules'));
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    // The system changes while the page is open: it follows.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // A choice is kept over the system's.
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('the toggle is remembered across reloads, with no flash of the other theme', async ({ page, at }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(at('/rules'));
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    // The theme is set by the inline head script, before any module runs.
    await page.route('**/*.js', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('home and the editors are always dark, and say so, without changing the choice', async ({ page, at }) => {
    await page.goto(at('/rules'));
    await page.evaluate(() => localStorage.setItem('nucleus:color-mode', 'light'));
    for (const path of ['/', '/nucleus/BlueprintEditor', '/nucleus/CreatureEditor', '/login']) {
      await page.goto(at(path));
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const toggle = page.locator('[data-theme-toggle]');
      await expect(toggle).toBeDisabled();
      await expect(toggle).toHaveAttribute('title', 'This page is always dark');
      // The reason is visible text beside the toggle, not only its hover title, and the toggle is described by it.
      await expect(page.locator('header').getByText('This page is always dark', { exact: true })).toBeVisible();
      await expect(toggle).toHaveAccessibleDescription('This page is always dark');
    }
    await page.goto(at('/rules'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('header').getByText('This page is always dark')).toHaveCount(0);
    await expect(page.locator('[data-theme-toggle]')).not.toHaveAttribute('aria-describedby');
  });
});

test.describe('breakpoints', () => {
  test('below md (1024) the navigation is a drawer behind the menu button', async ({ page, at }) => {
    await page.setViewportSize({ width: 1023, height: 800 });
    await page.goto(at('/rules/combat'));
    const nav = page.getByRole('complementary', { name: 'Site navigation' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    // A visible close button, by mouse and by keyboard (a phone has no Escape key).
    const close = nav.getByRole('button', { name: 'Close navigation' });
    await menu.click();
    await close.click();
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('from md the navigation is a sidebar and there is no menu button', async ({ page, at }) => {
    await page.setViewportSize({ width: 1025, height: 800 });
    await page.goto(at('/rules/combat'));
    await expect(page.getByRole('complementary', { name: 'Site navigation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('below 1280 the table of contents is a collapsed "On this page" above the content', async ({ page, at }) => {
    await page.setViewportSize({ width: 1279, height: 800 });
    await page.goto(at('/rules/combat'));
    const toc = page.locator('[data-toc]');
    await expect(toc).not.toHaveAttribute('open', '');
    const tocBox = (await toc.boundingBox())!;
    const bodyBox = (await page.locator('.prose').boundingBox())!;
    expect(tocBox.y).toBeLessThan(bodyBox.y);
    await toc.locator('summary').click();
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
  });

  test('from 1280 the table of contents is an open column beside the content', async ({ page, at }) => {
    await page.setViewportSize({ width: 1281, height: 800 });
    await page.goto(at('/rules/combat'));
    const toc = page.locator('[data-toc]');
    await expect(toc).toHaveAttribute('open', '');
    const tocBox = (await toc.boundingBox())!;
    const bodyBox = (await page.locator('.prose').boundingBox())!;
    expect(tocBox.x).toBeGreaterThan(bodyBox.x + bodyBox.width - 1);
  });

  test('below sm (600) one column; wide tables scroll in their own box', async ({ page, at }) => {
    await page.setViewportSize({ width: 599, height: 800 });
    await page.goto(at('/rules/attributes-and-skills'));
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(599);
  });

  test('at xl (1920) the reading column keeps its measure', async ({ page, at }) => {
    for (const width of [1919, 1921, 2400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(at('/rules/combat'));
      const box = (await page.locator('.prose > p').first().boundingBox())!;
      const fontSize = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.prose')!).fontSize));
      // About 75 characters: never wider than 75ch of the body font.
      expect(box.width).toBeLessThanOrEqual(fontSize * 75 * 0.7);
    }
  });
});

test.describe('wide tables', () => {
  test('the gear tables use the main column: whole from 1440, else they scroll with a visible cue', async ({ page, at }) => {
    // Three loads of the longest page, each table scrolled both ways: more than half a minute on a busy machine.
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(at('/rules/gear-and-blueprints'));
      const boxes = page.locator('[data-gear-list] .table-scroll');
      await expect(boxes).toHaveCount(3);
      for (const box of await boxes.all()) {
        await box.scrollIntoViewIfNeeded();
        const { cut } = await box.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth + 1 }));
        if (width >= 1440) expect(cut, `${width}px: ${await box.getAttribute('aria-label')} fits`).toBe(false);
        if (cut) {
          // A cut-off column is never silent: the far side fades and a line says so.
          await expect(box).toHaveAttribute('data-more', 'end');
          await expect(box.locator('xpath=preceding-sibling::p[1]')).toHaveText(/Scroll sideways for more columns/);
          await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
          await expect(box).toHaveAttribute('data-more', 'start');
        } else {
          await expect(box).not.toHaveAttribute('data-more');
        }
      }
    }
  });

  test('every table region has its own name, never just "Table"', async ({ page, at }) => {
    for (const path of ['/rules/gear-and-blueprints', '/rules/attributes-and-skills', '/rules/combat']) {
      await page.goto(at(path));
      const names = await page.locator('[role="region"].table-scroll').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(names.length).toBeGreaterThan(0);
      expect(names).not.toContain('Table');
      expect(new Set(names).size, names.join(', ')).toBe(names.length);
    }
  });
});

test('the table of contents keeps the section being read marked, between its headings too', async ({ page, at }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto(at('/rules/gear-and-blueprints'));
  const toc = page.getByRole('navigation', { name: 'On this page' });
  // The longest section: scroll to its middle, where neither its heading nor the next is on screen.
  const { id, middle } = await toc.evaluate((nav) => {
    const hs = [...nav.querySelectorAll<HTMLAnchorElement>('a')].map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1)))!);
    const tops = hs.map((h) => h.getBoundingClientRect().top + scrollY);
    let best = 0;
    for (let i = 0; i < hs.length - 1; i++) if (tops[i + 1]! - tops[i]! > tops[best + 1]! - tops[best]!) best = i;
    return { id: hs[best]!.id, middle: (tops[best]! + tops[best + 1]!) / 2 };
  });
  await page.evaluate((y) => window.scrollTo(0, y - 350), middle);
  await expect(toc.locator(`a[href="#${id}"]`)).toHaveAttribute('aria-current', 'true');
  await expect(toc.locator('a[aria-current="true"]')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(toc.locator('a[aria-current="true"]')).toHaveCount(0);
});

test.describe('for search engines and link previews', () => {
  test('sitemap.xml lists the pages with absolute addresses under the base; robots.txt names it', async ({ page, at, baseURL }) => {
    const origin = await page.request.get(at('/sitemap.xml')).then(async (r) => {
      expect(r.status()).toBe(200);
      const xml = await r.text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
      expect(locs.map((u) => u.pathname)).toEqual(expect.arrayContaining([at('/rules/combat'), at('/galacticguide')]));
      expect(locs.map((u) => u.pathname)).not.toContain(at('/login'));
      return locs[0]!.origin;
    });
    expect(origin).toMatch(/^https:\/\//);
    const robots = await (await page.request.get(at('/robots.txt'))).text();
    expect(robots).toContain(`Sitemap: ${origin}${at('/sitemap.xml')}`);
    expect(baseURL).toBeTruthy();
  });

  test('the not-found, offline and sign-in pages are noindex and name no canonical address', async ({ page, at }) => {
    for (const path of ['/404', '/offline', '/login']) {
      const html = await (await page.request.get(at(path))).text();
      expect(html, path).toMatch(/<meta name="robots" content="noindex"/);
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).not.toContain('property="og:url"');
    }
  });

  test('/, /rules/combat and /nucleus/BlueprintEditor have a canonical link and og: title, description and image', async ({ page, at }) => {
    for (const path of ['/', '/rules/combat', '/nucleus/BlueprintEditor']) {
      await test.step(path, async () => {
        await page.goto(at(path));
        const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
        expect(canonical.pathname.replace(/\/$/, '')).toBe(at(path).replace(/\/$/, ''));
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
        await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /\S/);
        const image = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
        expect(new URL(image).pathname).toBe(at('/icons/icon-512.png'));
      });
    }
    expect((await page.request.get(at('/icons/icon-512.png'))).status()).toBe(200);
  });
});
