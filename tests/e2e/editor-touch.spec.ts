/**
 * The editors on a 390 px touch phone (issue 48): every control in the
 * encounter tool and the four editors is at least 44 px high, and while a
 * long fight is scrolled through, the turn buttons stay on screen at its
 * foot, under nothing (not the site header, not the summary bar), and a tap
 * on them works wherever the list is.
 */
import type { Page } from '@playwright/test';
import { test, expect, shoot } from './fixtures';

// Nothing here is about the service worker or offline reading.
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const LOADED = { timeout: 45_000 };
/** The least height of a control on a touch screen (docs/editors.md). */
const TOUCH_HEIGHT = 44;

/** Every visible button, input and select on the page's main part shorter than TOUCH_HEIGHT, named with its height. */
async function shortControls(page: Page): Promise<string[]> {
  return page.locator('main').locator('button, input, select').evaluateAll((els, least) => {
    const name = (el: Element) => {
      const labelled = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
      return `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} “${labelled.trim().slice(0, 40)}”`;
    };
    return els.flatMap((el) => {
      const r = el.getBoundingClientRect();
      // Visually hidden controls (1 px: a file input behind its button) are not what a finger touches.
      if (!el.checkVisibility({ visibilityProperty: true }) || r.width <= 1 || r.height <= 1) return [];
      return r.height >= least ? [] : [`${name(el)}: ${r.height.toFixed(1)} px`];
    });
  }, TOUCH_HEIGHT);
}

async function newDocument(page: Page, path: string, noun: string) {
  await page.goto(path);
  await page.getByRole('button', { name: `New ${noun}` }).click(LOADED);
  await expect(page.getByRole('textbox', { name: 'Name' }).first()).toBeVisible(LOADED);
}

/** A fight of twelve gangers and a quick hero, initiative rolled: a list far longer than the screen. */
async function longFight(page: Page, at: (p: string) => string) {
  await newDocument(page, at('/nucleus/EncounterEditor'), 'encounter');
  await page.getByLabel('Search creatures').fill('ganger');
  await page.getByLabel('Copies to add').fill('12');
  await page.getByRole('button', { name: 'Add 12 Chrome Fang Ganger' }).tap();
  await page.locator('.enc-quick summary').tap();
  await page.locator('.enc-quick').getByRole('textbox', { name: 'Name' }).fill('Vex');
  await page.getByRole('button', { name: 'Add quick entry' }).tap();
  await page.getByRole('button', { name: 'Start the fight' }).tap();
  await page.getByRole('button', { name: 'Roll initiative for everyone' }).tap();
  await expect(page.getByRole('list', { name: 'Initiative order' }).getByRole('listitem')).toHaveCount(13);
}

test.describe('editors on a touch phone', () => {

  test('every button, input and select of the encounter tool and the four editors is at least 44 px high', async ({ page, at }) => {
    await longFight(page, at);
    // The tools folded under a combatant and the quick entry open too.
    await page.locator('.enc-c-act summary').first().tap();
    await expect(page.getByRole('button', { name: 'Set initiative' }).first()).toBeVisible();
    expect(await shortControls(page)).toEqual([]);
    for (const [editor, noun] of [['BlueprintEditor', 'blueprint'], ['CharacterEditor', 'character'], ['CoreEditor', 'core'], ['CreatureEditor', 'creature']]) {
      await newDocument(page, at(`/nucleus/${editor}`), noun);
      expect(await shortControls(page), editor).toEqual([]);
    }
  });

  test('the turn buttons stay at the foot of the screen, under nothing, while a long initiative list is scrolled', async ({ page, at }) => {
    await longFight(page, at);
    const bar = page.getByRole('group', { name: 'Turns' });
    const buttons = bar.getByRole('button');
    await expect(buttons).toHaveCount(3);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(3 * 844);
    for (let y = 0; y <= height; y += 350) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      // Each turn button is the topmost thing at its own centre: the header, the summary bar and the page lie elsewhere.
      const covered = await buttons.evaluateAll((els) =>
        els.flatMap((b) => {
          const r = b.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const onScreen = r.top >= 0 && r.bottom <= window.innerHeight;
          return onScreen && top?.closest('button') === b ? [] : [`${b.textContent} at scroll ${window.scrollY}: ${r.top.toFixed(0)}–${r.bottom.toFixed(0)}, under ${top?.className ?? 'nothing'}`];
        }),
      );
      expect(covered).toEqual([]);
    }
    // At the very end the page's last control sits above both bars.
    const end = page.getByRole('button', { name: 'End the fight' });
    const [endBox, barBox] = [await end.boundingBox(), await bar.boundingBox()];
    expect(endBox!.y + endBox!.height).toBeLessThanOrEqual(barBox!.y);

    // A tap in the middle of the list moves the turn on.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const before = await page.locator('[data-current]').textContent();
    await bar.getByRole('button', { name: 'Next turn' }).tap();
    await expect(page.locator('[data-current]')).not.toHaveText(before!);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'tracker-390.png');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await shoot(page, 'tracker-390-mid.png');
  });
});
