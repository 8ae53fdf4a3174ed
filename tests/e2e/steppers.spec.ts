/**
 * Steppers used with a mouse, at phone and desktop widths: no stepper's
 * buttons lie on another's or run past their field, and a click on each
 * visible "+" and then "−" changes that field (the keyboard tests did not
 * see that a click on Frame's "+" landed on Reflex's "−").
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const WIDTHS = [390, 1024, 1280, 1440, 1920];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

async function newCharacter(page: Page, at: (p: string) => string) {
  await page.goto(at('/nucleus/CharacterEditor'));
  await page.getByRole('button', { name: /New character/ }).first().click();
  await expect(page).toHaveURL(/\?id=/);
}

for (const width of WIDTHS) {
  test(`character attribute steppers at ${width} px: apart, inside their fields, and clickable with a mouse`, async ({ page, at }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await newCharacter(page, at);
    const steppers = page.locator('.ch-attrs .kit-stepper');
    await expect(steppers.first()).toBeVisible();
    const count = await steppers.count();
    expect(count).toBeGreaterThan(3);

    const boxes: { field: Box; buttons: Box[] }[] = [];
    for (let i = 0; i < count; i++) {
      const field = (await steppers.nth(i).boundingBox())!;
      const buttons = await Promise.all((await steppers.nth(i).locator('.kit-step, input').all()).map(async (b) => (await b.boundingBox())!));
      for (const b of buttons) expect(inside(b, field), `stepper ${i}: a control runs past its field`).toBe(true);
      boxes.push({ field, buttons });
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        for (const a of boxes[i]!.buttons) for (const b of boxes[j]!.buttons) expect(overlaps(a, b), `steppers ${i} and ${j} overlap`).toBe(false);

    // Each "+" then "−" by mouse: the value goes up, then back down (attributes start at 1, the minimum).
    for (let i = 0; i < count; i++) {
      const stepper = steppers.nth(i);
      const input = stepper.locator('input');
      // The mouse clicks where the pointer is on screen: bring the field into view first.
      await stepper.scrollIntoViewIfNeeded();
      const before = Number(await input.inputValue());
      const plus = (await stepper.locator('.kit-step').last().boundingBox())!;
      await page.mouse.click(plus.x + plus.width / 2, plus.y + plus.height / 2);
      await expect(input).toHaveValue(String(before + 1));
      const minus = (await stepper.locator('.kit-step').first().boundingBox())!;
      await page.mouse.click(minus.x + minus.width / 2, minus.y + minus.height / 2);
      await expect(input).toHaveValue(String(before));
    }
  });
}
