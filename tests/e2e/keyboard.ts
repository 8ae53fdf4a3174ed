/**
 * Keyboard-only journeys: reaching a control the way a keyboard user does.
 */
import type { Locator, Page } from '@playwright/test';

/**
 * Presses Tab until `target` has focus (no clicks, no programmatic focus).
 * The target is found once and marked, so each press is followed by one
 * cheap focus check in the page rather than a new role query over the whole
 * form: a long editor takes a hundred presses or more, and those queries were
 * most of a keyboard journey's time. A re-render that replaced the marked
 * element has it found and marked again.
 */
export async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  const mark = `t${Math.random().toString(36).slice(2)}`;
  const markTarget = () => target.evaluate((el, m) => el.setAttribute('data-tab-target', m), mark);
  const focused = () =>
    page.evaluate((m) => {
      const el = document.querySelector(`[data-tab-target="${m}"]`);
      return el ? el === document.activeElement : null;
    }, mark);
  await markTarget();
  try {
    for (let i = 0; i < max; i++) {
      let state = await focused();
      if (state === null) {
        await markTarget();
        state = await focused();
      }
      if (state) return;
      await page.keyboard.press('Tab');
    }
  } finally {
    await page.evaluate((m) => document.querySelector(`[data-tab-target="${m}"]`)?.removeAttribute('data-tab-target'), mark).catch(() => {});
  }
  throw new Error(`Tab never reached ${target}`);
}
