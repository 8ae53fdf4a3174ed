/**
 * The four editors and their dialogs on a phone and on desktop screens
 * (issue 26): no button, input, select or link lies on another, nothing runs
 * past its card (the creature summary's odds table lost its Guard 6 column),
 * the page never scrolls sideways, from 1024 px the summary stands beside
 * the form, and a full Mk V blueprint fits in three screen heights at
 * 1440 × 900.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

const WIDTHS = [390, 1024, 1280, 1440, 1920];
const LOADED = { timeout: 20_000 };

/** What the page measures: each problem as a sentence naming the controls. */
type Problems = string[];

/**
 * Runs in the page. Controls are visible buttons, inputs, selects, text
 * areas and links under `root`. A card is the nearest section, summary,
 * picker entry or dialog around an element; a scroll container on the way
 * (overflow-x auto or scroll) is a card too, since its content may scroll.
 */
function measure(rootSelector: string): string[] {
  const root = document.querySelector(rootSelector);
  if (!root) return [`nothing matches ${rootSelector}`];
  const problems: string[] = [];
  // The part of an element its scrolling or clipping ancestors let show.
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    let { left, top, right, bottom } = r;
    for (let e = el.parentElement; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = e.getBoundingClientRect();
      if (s.overflowY !== 'visible') (top = Math.max(top, c.top)), (bottom = Math.min(bottom, c.bottom));
      if (s.overflowX !== 'visible' && s.overflowX !== 'clip') (left = Math.max(left, c.left)), (right = Math.min(right, c.right));
    }
    return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
  };
  const visible = (el: Element) => {
    const s = getComputedStyle(el);
    const r = shown(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && Number(s.opacity) > 0 && !el.closest('[hidden], [inert], .visually-hidden, .kit-print-card');
  };
  const name = (el: Element) => {
    const text = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).value || el.id || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"`;
  };
  const fixedLayer = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const p = getComputedStyle(e).position;
      if (p === 'fixed' || p === 'sticky') return e;
    }
    return null;
  };
  const controls = [...root.querySelectorAll('button, input:not([type=hidden]), select, textarea, a[href], summary')].filter(visible);
  const boxes = controls.map(shown);
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i]!;
      const b = controls[j]!;
      if (a.contains(b) || b.contains(a)) continue;
      // A label's own hidden radio (the type cards) lies under its text, not under another control.
      if (fixedLayer(a) !== fixedLayer(b)) continue;
      const p = boxes[i]!;
      const q = boxes[j]!;
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 1 && h > 1) problems.push(`${name(a)} lies on ${name(b)}`);
    }
  const CARD = '.kit-section, .kit-summary, .kit-picker-item, .cr-section, .core-section, .ch-section, .cr-item, dialog, .kit-dialog, .kit-editor';
  const cardOf = (el: Element): Element | null => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      const ox = getComputedStyle(e).overflowX;
      if (ox === 'auto' || ox === 'scroll') return e;
      if (e.matches(CARD)) return e;
    }
    return null;
  };
  const items = [...root.querySelectorAll('button, input:not([type=hidden]), select, textarea, a[href], table, th, td, p, h2, h3, li, dt, dd')].filter(visible);
  for (const el of items) {
    const card = cardOf(el);
    if (!card) continue;
    const c = card.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.right > c.right + 1 || r.left < c.left - 1) problems.push(`${name(el)} runs past its card (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(c.left)}–${Math.round(c.right)})`);
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide in ${window.innerWidth})`);
  return [...new Set(problems)];
}

async function expectTidy(page: Page, root: string, what: string) {
  const problems: Problems = await page.evaluate(measure, root);
  expect(problems, `${what}: ${problems.length} layout problem(s)`).toEqual([]);
}

async function open(page: Page, at: (p: string) => string, editor: string, noun: string) {
  await page.goto(at(`/nucleus/${editor}`));
  await page.getByRole('button', { name: `New ${noun}` }).first().click(LOADED);
  await expect(page).toHaveURL(/\?id=/, LOADED);
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible(LOADED);
}

/** From 1024 px: the summary stands beside the form, and the editor spans the page (no empty third). */
async function expectSideBySide(page: Page, width: number) {
  if (width < 1024) return;
  const form = (await page.locator('.kit-form').boundingBox())!;
  const summary = (await page.locator('.kit-summary').boundingBox())!;
  expect(summary.x, 'the summary is right of the form').toBeGreaterThanOrEqual(form.x + form.width - 1);
  const columns = await page.locator('.kit-editor-grid').evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length);
  expect(columns, 'form and summary are two columns').toBe(2);
  const editor = (await page.locator('.kit-editor').boundingBox())!;
  expect(editor.width / width, 'the editor uses the page width').toBeGreaterThan(0.85);
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'Document' }).click();
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/**
 * Each editor is filled once, then measured at every width by resizing the
 * same page (the layout is CSS and listens to the window, as when a tablet
 * turns): one editor load per editor instead of one per width.
 */
async function atEachWidth(page: Page, check: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await test.step(`at ${width} px`, () => check(width));
  }
}

test.describe('the editors at 390, 1024, 1280, 1440 and 1920 px', () => {
  test.use({ viewport: { width: WIDTHS[0]!, height: 900 } });

  test('blueprint editor: a Mk V weapon with features, and its feature dialog', async ({ page, at }) => {
    await open(page, at, 'BlueprintEditor', 'blueprint');
    await page.getByRole('spinbutton', { name: 'Rank' }).fill('5');
    await page.getByRole('spinbutton', { name: 'Rate' }).fill('2');
    for (const f of ['Armour-Piercing Rounds', 'Recoil Dampers', 'Suppressor']) await page.getByRole('button', { name: new RegExp(`^Add( anyway)? ${f}$`) }).click();
    await page.getByRole('button', { name: /^Add( anyway)? Smart Rounds$/ }).click();
    // Smart Rounds has options: its dialog opens at once.
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await atEachWidth(page, async (width) => {
      await page.getByRole('button', { name: 'Choose options' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectTidy(page, 'dialog[open]', 'the feature dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expectTidy(page, '.kit-editor', 'the blueprint editor');
      await expectSideBySide(page, width);
      if (width === 1440) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height, 'a full Mk V blueprint fits in three screen heights').toBeLessThanOrEqual(3 * 900);
      }
      await openHistory(page);
      await expectTidy(page, 'dialog[open]', 'the history dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  });

  test('character editor with gear and the dice table', async ({ page, at }) => {
    await open(page, at, 'CharacterEditor', 'character');
    // A standard weapon: its attack line (pool, damage, range, rate, odds against Guard 1–6) joins the sheet.
    const picker = page.getByRole('dialog', { name: 'Add gear' });
    const openWeapons = async () => {
      await page.getByRole('button', { name: 'Add gear…' }).click();
      await picker.getByRole('group', { name: 'Filter gear' }).getByRole('button', { name: 'Weapon' }).click();
    };
    await openWeapons();
    await picker.locator('[data-pick]').first().getByRole('button', { name: /^Add / }).click();
    await expect(page.locator('#table .ch-attack-table')).toHaveCount(1);
    await atEachWidth(page, async (width) => {
      await openWeapons();
      await expectTidy(page, 'dialog[open]', 'the gear picker');
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
      await expectTidy(page, '.kit-editor', 'the character editor');
      await expectSideBySide(page, width);
    });
  });

  test('core editor with an effect and a side effect', async ({ page, at }) => {
    await open(page, at, 'CoreEditor', 'core');
    await page.getByRole('button', { name: 'Add effect' }).click();
    await page.locator('#core-effect-picker').getByRole('button', { name: /^Add/ }).first().click();
    await page.locator('.core-side input[type=checkbox]').first().check();
    await atEachWidth(page, async (width) => {
      await expectTidy(page, '.kit-editor', 'the core editor');
      await expectSideBySide(page, width);
    });
  });

  test('creature editor with an attack, the threat warning and the odds table, and its attack dialog', async ({ page, at }) => {
    await open(page, at, 'CreatureEditor', 'creature');
    await page.getByLabel('Frame', { exact: true }).fill('8');
    await page.getByRole('button', { name: 'Add attack' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('Hammer Fist with a very long name indeed');
    await dialog.getByLabel('Name', { exact: true }).press('Enter');
    await expect(dialog).toBeHidden();
    // Below md the summary is a bar to open; its odds table is on the page all the same.
    await expect(page.locator('[data-attack="0"]')).toBeAttached();
    await atEachWidth(page, async (width) => {
      await page.getByRole('button', { name: 'Edit Hammer Fist with a very long name indeed' }).click();
      await expect(dialog).toBeVisible();
      await expectTidy(page, 'dialog[open]', 'the attack dialog');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expectTidy(page, '.kit-editor', 'the creature editor');
      await expectSideBySide(page, width);
    });
  });
});
