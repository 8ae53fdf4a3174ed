import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

test.describe('offline reading', () => {
  // A phone: no page is prefetched unasked, so a page never visited is one never fetched.
  test.use({ viewport: { width: 390, height: 844 } });
  test('after one online visit: visited pages, an opened editor and a search made online work offline; the rest says it is not saved', async ({ page, context, at }) => {
    // Nine page loads, a service worker install and two searches: more than the default budget on a busy machine.
    await page.goto(at('/'));
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 15_000 });
    // Visit two pages and open an editor while online (the worker now controls them).
    await page.goto(at('/rules'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(at('/nucleus/BlueprintEditor'));
    await expect(page.getByRole('button', { name: 'New blueprint' })).toBeVisible();
    // Its whole code is kept once the page is idle, what a click loads included.
    await expect(page.locator('html')).toHaveAttribute('data-editor-offline', 'blueprint', { timeout: 15_000 });
    await page.goto(at('/rules/combat'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const combatTitle = await page.getByRole('heading', { level: 1 }).textContent();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(combatTitle!);
    // Search was never opened here: it says it is not saved, not a JavaScript error.
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('alert')).toHaveText(/You are offline, and search is not saved on this device yet/);
    await page.goto(at('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nucleus');

    // A page never visited: the offline page, listing what can be read.
    await page.goto(at('/galacticguide/glossary'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    await expect(page.locator('[data-offline-list]').getByRole('link', { name: combatTitle!.trim() })).toBeVisible();

    // The editor opened once online works: its code was kept as it loaded.
    await page.goto(at('/nucleus/BlueprintEditor'));
    await page.getByRole('button', { name: 'New blueprint' }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();

    // A search made online answers offline from the files it fetched.
    await context.setOffline(false);
    await page.goto(at('/rules'));
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /Search the guide/ }).fill('guard');
    await expect(page.getByRole('option').first()).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /Search the guide/ }).fill('guard');
    await expect(page.getByRole('option').first()).toBeVisible();
  });
  test('Save for offline: a page never visited and search work with the network gone; Remove offline copy frees it', async ({ page, context, at }) => {
    // About 155 files saved, three page loads and an axe run: more than the default budget on a busy machine.
    await page.goto(at('/rules'));
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 15_000 });
    // From the keyboard: the footer's button, focus into the dialog and back out.
    const footerButton = page.locator('footer').getByRole('button', { name: 'Save for offline' });
    await footerButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save for offline' });
    await expect(dialog.getByRole('status')).toHaveText(/^All \d+ pages and search: [\d.]+ MB to download\.$/);
    await expect(dialog.getByRole('button', { name: 'Save for offline' })).toBeFocused();
    const { violations } = await new AxeBuilder({ page }).include('dialog.offline-copy').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(/^All \d+ pages and search are saved on this device/, { timeout: 30_000 });
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(footerButton).toBeFocused();

    await context.setOffline(true);
    // Never visited, never prefetched (390 px): the saved copy opens it, and search finds the words of every page.
    await page.goto(at('/galacticguide/glossary'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glossary');
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /Search the guide/ }).fill('arcology');
    // Results on pages never opened here (the sectors page), none left out as not saved.
    await expect(page.getByRole('group', { name: 'Sectors' }).getByRole('option').first()).toBeVisible();
    await expect(page.getByText(/not saved on this device/)).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Offline too, the dialog knows the copy and removes it: its cache is gone, and an unvisited page is the offline page again.
    await footerButton.click();
    await dialog.getByRole('button', { name: 'Remove offline copy' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/^The offline copy was removed \([\d.]+ MB freed\)\./);
    expect(await page.evaluate((name) => caches.has(name), 'nucleus-offline-copy')).toBe(false);
    await page.goto(at('/galacticguide/species'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  });
});
