import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, shoot } from './fixtures';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

/**
 * The encounter tool (issue 35) in Chromium, by mouse: an encounter built
 * from the bestiary with a hero from the library, initiative rolled, three
 * rounds run with damage dealt, a reload mid-round that finds the same turn
 * and Health, a bestiary entry's "Add to encounter" link followed from the
 * creatures rules page, and a `::encounter` card on the game-master page
 * opened at the table. The rules behind every number are unit-tested beside the code.
 */

const LOADED = { timeout: 45_000 };
const summary = (page: Page) => page.locator('[data-summary]');
const term = (page: Page, name: string) => summary(page).locator(`[data-term="${name}"] dd`).first();
const waitSaved = (page: Page) => expect(page.locator('[data-save-state]')).toHaveText('Saved on this device', LOADED);

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** What the tracker shows, to compare before and after a reload. */
async function fightState(page: Page) {
  const order = page.getByRole('list', { name: 'Initiative order' });
  return {
    round: await page.locator('[data-round]').textContent(),
    current: await page.locator('[data-current]').textContent(),
    health: await order.locator('[data-health]').evaluateAll((els) => els.map((e) => e.getAttribute('data-health'))),
    names: await order.locator('.enc-c-name').allTextContents(),
  };
}

const act = (row: Locator) => row.locator('summary', { hasText: /^Act on / });

test.describe('encounter tool', () => {

  test('builds from the bestiary and the library, runs three rounds, and a reload mid-round finds the same fight', async ({ page, at }) => {
    // A hero in the library.
    await page.goto(at('/nucleus/CharacterEditor'));
    await page.getByRole('button', { name: 'New character' }).click(LOADED);
    await page.getByRole('textbox', { name: 'Name' }).fill('Vex Marrow');
    await waitSaved(page);

    await page.goto(at('/nucleus/EncounterEditor'));
    await page.getByRole('button', { name: 'New encounter' }).click(LOADED);
    await page.getByRole('textbox', { name: 'Name' }).fill('Dock ambush');

    // Two Chrome Fang Gangers, by mouse, from the filtered bestiary.
    await page.getByLabel('Search creatures').fill('ganger');
    await page.getByLabel('Copies to add').fill('2');
    await page.getByRole('button', { name: 'Add 2 Chrome Fang Ganger' }).click();
    await expect(page.getByRole('list', { name: 'Creatures in this encounter' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('spinbutton', { name: 'Copies of Chrome Fang Ganger' })).toHaveValue('2');
    await expect(term(page, 'Threat')).toHaveText('4');
    await expect(term(page, 'Band')).toHaveText('No band without a party');

    await page.getByLabel('Character from your library').selectOption({ label: 'Vex Marrow' });
    await page.getByRole('button', { name: 'Add character' }).click();
    await expect(page.getByRole('list', { name: 'Heroes' }).getByRole('listitem')).toHaveCount(1);
    // A rank 1 hero against threat 4: deadly, said as a warning.
    await expect(term(page, 'Band')).toHaveText('Deadly');
    await expect(page.locator('.enc-odds').first()).toBeVisible();

    await page.getByRole('button', { name: 'Start the fight' }).click();
    await page.getByRole('button', { name: 'Roll initiative for everyone' }).click();
    const order = page.getByRole('list', { name: 'Initiative order' });
    await expect(order.getByRole('listitem')).toHaveCount(3);
    await expect(order.locator('[data-initiative=""]')).toHaveCount(0);
    await axe(page);

    // Three rounds: each combatant's turn in turn, a hit on the first ganger in each.
    for (let round = 1; round <= 3; round++) {
      await expect(page.locator('[data-round]')).toHaveText(String(round));
      const ganger = order.locator(`[data-combatant="c1-1"]`);
      const before = Number(await ganger.locator('[data-health]').getAttribute('data-health'));
      await act(ganger).click();
      await ganger.getByLabel('Amount for Chrome Fang Ganger 1').fill('3');
      await ganger.getByRole('button', { name: 'Damage', exact: true }).click();
      await expect(ganger.locator('[data-health]')).not.toHaveAttribute('data-health', String(before));
      await act(ganger).click();
      if (round < 3) for (let t = 0; t < 3; t++) await page.getByRole('button', { name: 'Next turn' }).click();
    }
    await page.getByRole('button', { name: 'Next turn' }).click();
    const mid = await fightState(page);
    expect(mid.round).toBe('3');

    // Undo takes back the last step only (the turn), redo brings it back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.locator('[data-current]')).toHaveText(mid.names[0]!);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(page.locator('[data-current]')).toHaveText(mid.current!);

    await waitSaved(page);
    await page.reload();
    await expect(page.locator('[data-round]')).toHaveText('3', LOADED);
    expect(await fightState(page)).toEqual(mid);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('.enc-fight').evaluate((fight) => fight.scrollIntoView());
      await shoot(page, `tracker-${width}.png`);
    }
  });

  test('a bestiary entry’s “Add to encounter” link on a rules page adds to the encounter last edited here', async ({ page, at }) => {
    // The bestiary is rendered on the creatures rules page; each entry's plain link is named after its creature.
    await page.goto(at('/rules/creatures'));
    await page.getByRole('link', { name: 'Add to encounter: Scuttler' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Copies of Scuttler' })).toHaveValue('1', LOADED);
    await waitSaved(page);
    await page.goto(at('/nucleus/EncounterEditor#add=scuttler-drone'));
    await expect(page.getByRole('spinbutton', { name: 'Copies of Scuttler' })).toHaveValue('2', LOADED);
    // The address became the document's, so a reload does not add again.
    await expect(page).toHaveURL(/\?id=/);
    await page.goto(at('/nucleus/EncounterEditor#add=no-such-creature'));
    await expect(page.getByRole('alert')).toContainText('There is no creature “no-such-creature” in the bestiary', LOADED);
    // An address with no id, empty or blank, says so instead of nothing or a creature named “”.
    for (const hash of ['#add=', '#add=%20%20']) {
      // From another page: a change of the hash alone is no new visit to the tool.
      await page.goto(at('/rules/creatures'));
      await page.goto(at(`/nucleus/EncounterEditor${hash}`));
      await expect(page.getByRole('alert')).toContainText('This address adds no creature: #add= needs a creature’s id after it', LOADED);
    }
  });

  test('a quick entry refuses a number no document can hold, in place, and the other encounters stay listed', async ({ page, at }) => {
    await page.goto(at('/nucleus/EncounterEditor'));
    await page.getByRole('button', { name: 'New encounter' }).click(LOADED);
    await page.getByRole('textbox', { name: 'Name' }).first().fill('Kept fight');
    await waitSaved(page);
    await page.goto(at('/nucleus/EncounterEditor'));
    await page.getByRole('button', { name: 'New encounter' }).click(LOADED);
    await page.getByRole('textbox', { name: 'Name' }).first().fill('Big numbers');
    const quick = page.locator('.enc-quick');
    await quick.locator('summary').click();
    const health = quick.getByRole('spinbutton', { name: 'Health' });
    await health.fill('99999999999999999999');
    await expect(quick.getByText('Health must be at most 9,007,199,254,740,991.')).toBeVisible();
    await expect(health).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Add quick entry' })).toBeDisabled();
    await health.fill('2.5');
    await expect(quick.getByText('Health must be a whole number (it is 2.5).')).toBeVisible();
    await health.fill('12');
    // Past the game's rules, kept with a warning (GAME.md §7: advice, never a block).
    await quick.getByRole('spinbutton', { name: 'Rank' }).fill('11');
    await expect(quick.getByText("Rank 11 is past the game's ranks (1 to 10): kept, and counted as typed in the party rank.")).toBeVisible();
    await quick.getByRole('spinbutton', { name: 'Attack pool (0: none)' }).fill('40');
    await expect(quick.getByText('Attack pool 40 is more dice than a hero rolls (at most about 12): kept; the odds count 30 dice')).toBeVisible();
    await quick.getByRole('textbox', { name: 'Name' }).fill('Vex');
    await page.getByRole('button', { name: 'Add quick entry' }).click();
    await expect(page.getByRole('list', { name: 'Heroes' }).getByRole('listitem')).toContainText('Rank 11 · Guard 2 · Health 12');
    await waitSaved(page);
    // Reopened, the tool lists every encounter.
    await page.goto(at('/nucleus/EncounterEditor'));
    const list = page.getByRole('region', { name: 'Your encounters' });
    await expect(list.getByRole('link', { name: 'Kept fight' })).toBeVisible(LOADED);
    await expect(list.getByRole('link', { name: 'Big numbers' })).toBeVisible();
  });

  test('a count or a typed number no document can hold is refused in place with a sentence; only Remove takes a creature out', async ({ page, at }) => {
    await page.goto(at('/nucleus/EncounterEditor'));
    await page.getByRole('button', { name: 'New encounter' }).click(LOADED);
    await page.getByLabel('Search creatures').fill('ganger');
    await page.getByLabel('Copies to add').fill('25');
    await expect(page.getByText('Copies to add must be from 1 to 20 (it is 25).')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add \d+ Chrome Fang Ganger$/ })).toBeDisabled();
    await page.getByLabel('Copies to add').fill('3');
    await page.getByRole('button', { name: 'Add 3 Chrome Fang Ganger' }).click();
    const roster = page.getByRole('list', { name: 'Creatures in this encounter' });
    const copies = page.getByRole('spinbutton', { name: 'Copies of Chrome Fang Ganger' });
    for (const [typed, sentence] of [
      ['2.5', 'Copies of Chrome Fang Ganger must be a whole number (it is 2.5).'],
      ['-5', 'Copies of Chrome Fang Ganger must be at least 1 (it is -5): to take Chrome Fang Ganger out of the encounter, use its Remove button.'],
      ['0', 'Copies of Chrome Fang Ganger must be at least 1 (it is 0)'],
      ['100', 'Copies of Chrome Fang Ganger must be at most 99 (it is 100).'],
    ]) {
      await copies.fill(typed!);
      await expect(roster.getByText(sentence!)).toBeVisible();
      await expect(copies).toHaveAttribute('aria-invalid', 'true');
      // Refused: the row and its count stay, and what was typed stays in the field to fix, even after leaving it.
      await copies.blur();
      await expect(copies).toHaveValue(typed!);
      await expect(term(page, 'Threat')).toHaveText('6');
    }
    await copies.fill('4');
    await expect(term(page, 'Threat')).toHaveText('8');
    await expect(copies).not.toHaveAttribute('aria-invalid');

    await page.getByRole('button', { name: 'Start the fight' }).click();
    const ganger = page.getByRole('list', { name: 'Initiative order' }).locator('[data-combatant="c1-1"]');
    const full = await ganger.locator('[data-health]').getAttribute('data-health');
    await act(ganger).click();
    const hits = ganger.getByLabel('Initiative hits for Chrome Fang Ganger 1 (from dice)');
    await hits.fill('250');
    await ganger.getByRole('button', { name: 'Set initiative' }).click();
    await expect(ganger.getByRole('alert')).toHaveText('Initiative hits must be from 0 to 200 (it is 250).');
    await expect(hits).toHaveValue('250');
    await expect(ganger.locator('[data-initiative]')).toHaveAttribute('data-initiative', '');
    await ganger.getByLabel('Amount for Chrome Fang Ganger 1').fill('2.5');
    await ganger.getByRole('button', { name: 'Damage', exact: true }).click();
    await expect(ganger.getByRole('alert')).toHaveText('Damage must be a whole number (it is 2.5).');
    await expect(ganger.locator('[data-health]')).toHaveAttribute('data-health', full!);
    await page.getByRole('button', { name: 'End the fight' }).click();

    await page.getByRole('button', { name: 'Remove Chrome Fang Ganger' }).click();
    await expect(roster).toHaveCount(0);
    await expect(term(page, 'Threat')).toHaveText('0');
  });

  test('two tabs running one fight: the conflict says what differs in the game’s words, never JSON', async ({ page, at, context }) => {
    await page.goto(at('/nucleus/EncounterEditor'));
    await page.getByRole('button', { name: 'New encounter' }).click(LOADED);
    await page.getByLabel('Search creatures').fill('ganger');
    await page.getByRole('button', { name: 'Add 1 Chrome Fang Ganger' }).click();
    const quick = page.locator('.enc-quick');
    await quick.locator('summary').click();
    await quick.getByRole('textbox', { name: 'Name' }).fill('Vex');
    await page.getByRole('button', { name: 'Add quick entry' }).click();
    await page.getByRole('button', { name: 'Start the fight' }).click();
    await page.getByRole('button', { name: 'Roll initiative for everyone' }).click();
    await waitSaved(page);
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.close();

    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    for (const tab of [tabA, tabB]) {
      await tab.goto(at(`/nucleus/EncounterEditor?id=${id}`));
      await expect(tab.locator('[data-round]')).toHaveText('1', LOADED);
    }
    // Tab A deals Vex 3 damage (Health 10, Protection 0: 7 left); tab B moves the turn on, both before either saves.
    const vexA = tabA.getByRole('list', { name: 'Initiative order' }).locator('[data-combatant]', { hasText: 'Vex' });
    await act(vexA).click();
    await vexA.getByLabel('Amount for Vex').fill('3');
    const turnB = await tabB.locator('[data-current]').textContent();
    // Each button focused first, then both pressed at once: well inside the autosave delay even on a busy machine.
    await vexA.getByRole('button', { name: 'Damage', exact: true }).focus();
    await tabB.getByRole('button', { name: 'Next turn' }).focus();
    await Promise.all([tabA.keyboard.press('Enter'), tabB.keyboard.press('Enter')]);

    const notices = [tabA, tabB].map((p) => p.locator('.kit-conflict[data-conflict-kept]'));
    await expect.poll(async () => (await notices[0]!.count()) + (await notices[1]!.count()), { timeout: 15_000 }).toBe(1);
    const loserIsA = (await notices[0]!.count()) === 1;
    const loser = loserIsA ? tabA : tabB;
    const differs = loser.getByRole('list', { name: 'What differs between the two versions' });
    // Here is the other tab's version (saved last); the loser's own edits went to the copy.
    const health = loserIsA ? "Vex's Health: 10 here, 7 in the other" : "Vex's Health: 7 here, 10 in the other";
    await expect(differs.getByRole('listitem').filter({ hasText: health })).toHaveCount(1);
    await expect(differs.getByRole('listitem').filter({ hasText: /^Whose turn: / })).toHaveCount(1);
    await expect(differs).toContainText(turnB!);
    await expect(differs).not.toContainText('{');
    await expect(loser.locator('.kit-conflict-table')).toHaveCount(0);
    await axe(loser);
  });

  test('a ::encounter card on the game-master page opens at the table as a new encounter', async ({ page, at }) => {
    await page.goto(at('/rules/game-master'));
    await page.locator('section', { hasText: 'Lobby ambush' }).getByRole('link', { name: 'Open at the table' }).first().click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Lobby ambush', LOADED);
    await expect(page.getByRole('list', { name: 'Creatures in this encounter' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('list', { name: 'Heroes' }).getByRole('listitem')).toHaveCount(4);
    await expect(term(page, 'Band')).toHaveText('Fair fight');
  });
});
