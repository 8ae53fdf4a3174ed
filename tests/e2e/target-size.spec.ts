/**
 * Target size at 390 px (WCAG 2.2 2.5.8, issue 48): every visible link,
 * button, summary and form control on a rules page (with its navigation
 * drawer open), the home page, the library and an editor is at least
 * 24 × 24 CSS px, or is spaced as the criterion allows: a 24 px circle
 * centred on it touches no other target and no other small target's circle.
 * Links inside running text (a sentence of a paragraph or list item) are
 * exempt, as the criterion's "inline" exception says.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

// Nothing here is about the service worker or offline reading.
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const LOADED = { timeout: 20_000 };

/**
 * Runs in the page: each target that is too small and too close to another,
 * as a sentence naming it, its size and its nearest neighbour.
 */
function tooSmallTargets(): string[] {
  const MIN = 24;
  const SELECTOR = 'a[href], button, summary, select, textarea, input:not([type="hidden"]), label[for], [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"]';
  const width = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${cls} "${text}"`;
  };
  // Hidden from sight: not rendered, transparent to the eye's layout, off the page's width (a closed drawer), or clipped to a pixel (visually-hidden).
  const seen = (el: Element) => {
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || r.right <= 0 || r.left >= width) return false;
    return !el.closest('.visually-hidden');
  };
  // An inline link in running text: inside a paragraph, list item, cell or quote whose text goes beyond the link's own.
  const inline = (el: Element) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.closest('p, li, td, dd, blockquote, figcaption');
    const own = (el.textContent ?? '').trim().length;
    return !!block && (block.textContent ?? '').trim().length > own;
  };
  // A control inside its own label (a checkbox in "Select all shown") is sized by the label: the label is the target.
  const candidates = [...document.querySelectorAll(SELECTOR)].filter((el) => seen(el) && !inline(el));
  const targets = candidates.filter((el) => !(el.matches('input') && el.closest('label') && candidates.includes(el.closest('label')!)));
  const boxes = targets.map((el) => ({ el, r: el.getBoundingClientRect() }));
  const small = (r: DOMRect) => r.width < MIN - 0.01 || r.height < MIN - 0.01;
  const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  const distanceToBox = (p: { x: number; y: number }, r: DOMRect) => Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
  const problems: string[] = [];
  for (const a of boxes) {
    if (!small(a.r)) continue;
    const c = centre(a.r);
    // The circle of radius 12 around a small target's centre may not reach another target, nor another small target's circle.
    const clash = boxes.find((b) => {
      if (b === a || b.el.contains(a.el) || a.el.contains(b.el)) return false;
      if (small(b.r)) {
        const d = centre(b.r);
        return Math.hypot(c.x - d.x, c.y - d.y) < MIN;
      }
      return distanceToBox(c, b.r) < MIN / 2;
    });
    if (clash) problems.push(`${describe(a.el)} is ${a.r.width.toFixed(1)} × ${a.r.height.toFixed(1)} px, too close to ${describe(clash.el)}`);
  }
  return problems;
}

async function expectTargetsLargeEnough(page: Page, where: string): Promise<void> {
  const problems = await page.evaluate(tooSmallTargets);
  expect(problems, `targets under 24 px on ${where}`).toEqual([]);
}

test('a rules page, its navigation drawer and the home page have targets of at least 24 px', async ({ page, at }) => {
  await page.goto(at('/rules/combat'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectTargetsLargeEnough(page, '/rules/combat');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  const nav = page.getByRole('complementary', { name: 'Site navigation' });
  await expect(nav.getByRole('link').first()).toBeFocused();
  await expectTargetsLargeEnough(page, '/rules/combat with the navigation open');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();

  await page.goto(at('/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectTargetsLargeEnough(page, 'the home page');
});

test('the library, its trash and an editor have targets of at least 24 px', async ({ page, at }) => {
  await page.goto(at('/nucleus/BlueprintEditor'));
  await expectTargetsLargeEnough(page, "the blueprint editor's list");
  await page.getByRole('button', { name: 'New blueprint' }).click();
  await expect(page).toHaveURL(/\?id=/, LOADED);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Target rifle');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved', LOADED);
  await expectTargetsLargeEnough(page, 'the blueprint editor');

  await page.goto(at('/nucleus/library'));
  const rows = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem');
  await expect(rows).toHaveCount(1, LOADED);
  await expectTargetsLargeEnough(page, 'the library');
  await rows.first().getByRole('button', { name: 'Actions for Target rifle' }).click();
  await rows.first().getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Move to the trash?' }).getByRole('button', { name: 'Move to the trash' }).click();
  await page.locator('.lib-notice').getByRole('button', { name: 'Show the trash' }).click();
  await expect(page.getByRole('list', { name: 'Documents in the trash' }).getByRole('listitem')).toHaveCount(1);
  await expectTargetsLargeEnough(page, 'the trash');
});
