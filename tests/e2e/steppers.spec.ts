/**
 * Steppers used with a mouse, at phone and desktop widths: no stepper's
 * buttons lie on another's or run past their field, and a click on each
 * visible "+" and then "−" changes that field (the keyboard tests did not
 * see that a click on Frame's "+" landed on Reflex's "−"); a mouse goes
 * past every rule's cap as keys and typing do (warn, never block); on a phone
 * the summary bar never lies on the page's last control.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

const WIDTHS = [390, 1024, 1280, 1440, 1920];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

async function newCharacter(page: Page, at: (p: string) => string) {
  await page.goto(at('/nucleus/CharacterEditor'));
  await page.getByRole('button', { name: /New character/ }).first().click();
  await expect(page).toHaveURL(/\?id=/);
}

// One character, measured and clicked at every width by resizing the page
// (the layout is CSS): one editor load instead of one per width. Each click
// pair puts the value back, so every width starts from the same sheet.
test(`character attribute steppers at ${WIDTHS.join(', ')} px: apart, inside their fields, and clickable with a mouse`, async ({ page, at }) => {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
  await newCharacter(page, at);
  const steppers = page.locator('.ch-attrs .kit-stepper');
  await expect(steppers.first()).toBeVisible();
  const count = await steppers.count();
  expect(count).toBeGreaterThan(3);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await test.step(`at ${width} px`, async () => {
      const boxes: { field: Box; buttons: Box[] }[] = [];
      for (let i = 0; i < count; i++) {
        const field = (await steppers.nth(i).boundingBox())!;
        const buttons = await Promise.all((await steppers.nth(i).locator('.kit-step, input').all()).map(async (b) => (await b.boundingBox())!));
        for (const b of buttons) expect(inside(b, field), `stepper ${i} at ${width} px: a control runs past its field`).toBe(true);
        boxes.push({ field, buttons });
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++)
          for (const a of boxes[i]!.buttons) for (const b of boxes[j]!.buttons) expect(overlaps(a, b), `steppers ${i} and ${j} overlap at ${width} px`).toBe(false);

      // Each "+" then "−" by mouse: the value goes up, then back down (attributes start at 1, the minimum).
      for (let i = 0; i < count; i++) {
        const stepper = steppers.nth(i);
        const input = stepper.locator('input');
        // The mouse clicks where the pointer is on screen: bring the field into view first.
        await stepper.scrollIntoViewIfNeeded();
        const before = Number(await input.inputValue());
        const plus = (await stepper.locator('.kit-step').last().boundingBox())!;
        await page.mouse.click(plus.x + plus.width / 2, plus.y + plus.height / 2);
        await expect(input, `stepper ${i}'s + at ${width} px`).toHaveValue(String(before + 1));
        const minus = (await stepper.locator('.kit-step').first().boundingBox())!;
        await page.mouse.click(minus.x + minus.width / 2, minus.y + minus.height / 2);
        await expect(input, `stepper ${i}'s − at ${width} px`).toHaveValue(String(before));
      }
    });
  }
});

/** Clicks a stepper's "+" (or "−") by mouse `times` times, checking each click lands, and returns the field. */
async function clickStep(page: Page, name: string, sign: '+' | '−', times: number) {
  const input = page.getByRole('spinbutton', { name, exact: true });
  const field = page.locator('.kit-stepper').filter({ has: input });
  await field.scrollIntoViewIfNeeded();
  for (let i = 0; i < times; i++) {
    const before = Number(await input.inputValue());
    const b = (await field.locator('.kit-step').nth(sign === '+' ? 1 : 0).boundingBox())!;
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
    await expect(input).toHaveValue(String(before + (sign === '+' ? 1 : -1)));
  }
  return field;
}

test('warn, never block: a mouse goes past every creation cap and takes a locked feature anyway, each rule said in place', async ({ page, at }) => {
  await newCharacter(page, at);
  // Past the creation cap of 4 and the skill cap of 3.
  await expect(await clickStep(page, 'Reflex', '+', 4)).toContainText('Reflex must be between 1 and 4 (it is 5).');
  await expect(await clickStep(page, 'Firearms', '+', 4)).toContainText('Firearms must be between 0 and 3 (it is 4).');
  // Overspent: Reflex 5 and Frame 4 use 7 of 8 attribute points, Logic 3 two more; skills 4 + 3 + 3 + 1 of 10.
  await clickStep(page, 'Frame', '+', 3);
  await clickStep(page, 'Logic', '+', 2);
  await expect(page.locator('fieldset[data-field-path="attributes"]')).toContainText('Spent 9 attribute points of 8: lower an attribute by 1.');
  for (const [skill, n] of [['Brawl', 3], ['Stealth', 3], ['Hacking', 1]] as const) await clickStep(page, skill, '+', n);
  await expect(page.locator('fieldset[data-field-path="skills"]')).toContainText('Spent 11 skill points of 10: lower a skill by 1.');
  // The game's range still stops the stepper: an attribute of 6 is the most there is.
  await clickStep(page, 'Reflex', '+', 1);
  await expect(page.locator('.kit-stepper').filter({ has: page.getByRole('spinbutton', { name: 'Reflex', exact: true }) }).locator('.kit-step').nth(1)).toBeDisabled();

  // A tier-2 feature at rank 1: the reason, then "Take anyway"; the engine's issue stands on the taken feature.
  await page.getByRole('button', { name: /^Gunslinger/ }).click();
  const doubleTap = page.getByRole('button', { name: /^Double Tap, tier 2/ });
  await doubleTap.click();
  const reason = 'Double Tap is a tier 2 feature: it needs rank 4 (this character is rank 1).';
  await expect(page.locator('.ch-tree-msg')).toHaveText(reason);
  await page.getByRole('button', { name: /^Take anyway/ }).click();
  await expect(page.locator('[data-taken="double-tap"]')).toContainText(reason);
  await expect(page.locator('.ch-tree-msg')).toContainText('Double Tap taken anyway');
  await expect(page.locator('[data-summary] [data-validity]')).toHaveAttribute('data-validity', 'invalid');
});

test('at 390 px the summary bar lies on no control: the lowest control of the scrolled-down page takes a mouse click', async ({ page, at }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await newCharacter(page, at);
  await expect(page.locator('.kit-summary-bar')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)).toBe(true);
  // The lowest control of the page (the footer's) and of the editor's form: each is what lies at its centre, not the bar.
  const lowest = (scope: string) =>
    page.evaluate((scope) => {
      const controls = [...document.querySelectorAll<HTMLElement>(`${scope} :is(button:not([disabled]), input:not([type=hidden]), textarea, select, a[href])`)].filter(
        (el) => !el.closest('[data-summary]') && el.getBoundingClientRect().width > 2 && el.getBoundingClientRect().height > 2 && getComputedStyle(el).visibility !== 'hidden',
      );
      const el = controls.reduce((a, b) => (b.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? b : a));
      document.querySelectorAll('[data-lowest]').forEach((x) => x.removeAttribute('data-lowest'));
      el.setAttribute('data-lowest', '');
      // Scrolled to the bottom of the page, the footer's control is in view; the form's is brought to the screen's bottom edge, the bar's side.
      if (scope !== 'body') el.scrollIntoView({ block: 'end' });
      const r = el.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      return { x, y, what: `${el.tagName} ${el.textContent?.trim().slice(0, 30) || el.getAttribute('aria-label') || el.id}`, reached: el.contains(document.elementFromPoint(x, y)) };
    }, scope);
  const page_ = await lowest('body');
  expect(page_.reached, `the page's lowest control (${page_.what}) lies under the summary bar`).toBe(true);
  // The form's lowest control, clicked by mouse, takes the focus (a click that lands on the bar would not).
  const form = await lowest('.kit-form');
  expect(form.reached, `the form's lowest control (${form.what}) lies under the summary bar`).toBe(true);
  await page.mouse.click(form.x, form.y);
  await expect(page.locator('[data-lowest]')).toBeFocused();
});

test('warn, never block: a mouse goes past a catalogue entry’s own limit (an effect’s potency), the rule said in place', async ({ page, at }) => {
  await page.goto(at('/nucleus/CoreEditor'));
  await page.getByRole('button', { name: /New core/ }).first().click();
  await expect(page).toHaveURL(/\?id=/);
  await page.getByRole('button', { name: 'Add effect' }).click();
  await page.getByRole('searchbox', { name: 'Search effects' }).fill('kinetic shove');
  await page.getByRole('button', { name: 'Add Kinetic Shove' }).click();
  // Kinetic Shove allows potency 1–4: the fourth click goes past it.
  const field = await clickStep(page, 'Kinetic Shove potency', '+', 4);
  await expect(field).toContainText("Kinetic Shove's potency must be between 1 and 4 (it is 5).");
  await expect(page.locator('[data-summary] [data-validity]')).toHaveAttribute('data-validity', 'invalid');
  await clickStep(page, 'Kinetic Shove potency', '−', 1);
  await expect(field).not.toContainText('must be between');
});
