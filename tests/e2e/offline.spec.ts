import { test, expect, re } from './fixtures';

test.describe('offline reading', () => {
  test('after one online visit: home, visited pages, editors and search work offline; others show the offline page', async ({ page, context, at }) => {
    // Seven page loads, a service worker install and a search: more than the default budget on a busy machine.
    test.setTimeout(60_000);
    await page.goto(at('/'));
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 15_000 });
    // Visit two pages while online (the worker now controls them).
    await page.goto(at('/rules'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(at('/rules/combat'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const combatTitle = await page.getByRole('heading', { level: 1 }).textContent();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(combatTitle!);
    await page.goto(at('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nucleus');
    await page.goto(at('/rules'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Rules/);

    // A page never visited: the offline page, listing what can be read.
    await page.goto(at('/galacticguide/glossary'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    await expect(page.locator('[data-offline-list]').getByRole('link', { name: combatTitle!.trim() })).toBeVisible();

    // The editors open.
    await page.goto(at('/nucleus/BlueprintEditor'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blueprint editor');

    // Search still works (its index was precached).
    await page.goto(at('/rules'));
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /Search the guide/ }).fill('guard');
    await expect(page.getByRole('option').first()).toBeVisible();
  });
});
