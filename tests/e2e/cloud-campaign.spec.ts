/**
 * A campaign as a game master and two players use it, three browser
 * contexts on the emulators: invite, join (one player signed out first),
 * share a character that the game master sees without reloading, a member
 * removed, the campaign deleted. The rules and the stores are tested below
 * the browser (src/storage/campaignRules.test.ts, campaigns/cloud.test.ts,
 * components/campaign/campaignState.test.ts); this proves the pages.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { SYNC, device, newEmail, removeAccounts, signIn } from './devices';

test.afterEach(removeAccounts);

test.describe('a campaign: a game master and two players', () => {
  test.describe.configure({ timeout: 240_000 });

  test('invite, join, share a character seen live, remove a member, delete the campaign', async ({ browser, at }) => {
    const [gm, ana, bo] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()].map(async (c) => device(await c)));
    const boEmail = newEmail('bo');
    await Promise.all([signIn(gm, at, newEmail('gm'), 'Create account'), signIn(bo, at, boEmail, 'Create account')]);

    // The game master starts a campaign and makes the invite link.
    await gm.goto(at('/nucleus/campaign'));
    await gm.getByLabel('Name', { exact: true }).fill('Neon Nights');
    await gm.getByLabel('Short notes (optional)').fill('Thursdays at eight');
    await gm.getByRole('button', { name: 'Create campaign' }).click();
    await expect(gm.getByRole('heading', { name: 'Neon Nights' })).toBeVisible(SYNC);
    await gm.getByRole('button', { name: 'Make an invite link' }).click();
    const link = await gm.getByLabel(/Invite link \(works for 6 days\)/).inputValue();
    expect(link).toMatch(/\/nucleus\/join#[\w-]+\.[\w-]{43}$/);
    const axe = await new AxeBuilder({ page: gm }).include('main').analyze();
    expect(axe.violations).toEqual([]);

    // Signed out, Ana is asked to sign in; the link waits for her and she confirms after.
    await ana.goto(link);
    await expect(ana.getByText('To join, sign in or create an account')).toBeVisible(SYNC);
    await signIn(ana, at, newEmail('ana'), 'Create account');
    await ana.goto(at('/nucleus/join'));
    await expect(ana.getByText('Join “Neon Nights”?')).toBeVisible(SYNC);
    await ana.getByRole('button', { name: 'Join the campaign' }).click();
    await ana.getByRole('link', { name: 'Open the campaign' }).click();
    await expect(ana.getByRole('heading', { name: 'Neon Nights' })).toBeVisible(SYNC);

    await bo.goto(link);
    await bo.getByRole('button', { name: 'Join the campaign' }).click();
    await expect(bo.getByText('You joined “Neon Nights”.')).toBeVisible(SYNC);

    // Ana makes a character and shares it; the game master's open page shows it without a reload.
    await gm.reload();
    await expect(gm.locator('.campaign-members li')).toHaveCount(3, SYNC);
    await ana.goto(at('/nucleus/CharacterEditor'));
    await ana.getByRole('button', { name: 'New character' }).click();
    await ana.getByRole('textbox', { name: 'Name' }).fill('Vex');
    await expect(ana.locator('[data-save-state]')).toHaveText(/Saved/, SYNC);
    await ana.goto(link.replace(/\/nucleus\/join#([\w-]+)\..*$/, '/nucleus/campaign#$1'));
    await ana.getByLabel('Share a character').selectOption({ label: 'Vex' });
    await ana.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(gm.locator('.campaign-characters')).toContainText('Vex', SYNC);

    // Bo is removed: his next look at the campaign is refused, with a sentence.
    // Members show by name, or the part of their e-mail before the @ (never the whole address).
    await gm.getByRole('button', { name: `Remove ${boEmail.split('@')[0]}` }).click();
    await expect(gm.locator('.campaign-members li')).toHaveCount(2, SYNC);
    await bo.goto(link.replace(/\/nucleus\/join#([\w-]+)\..*$/, '/nucleus/campaign#$1'));
    await expect(bo.getByText(/not a member of this campaign/)).toBeVisible(SYNC);

    // The game master deletes the campaign; Ana is told when she next opens it.
    await gm.getByRole('button', { name: 'Delete campaign…' }).click();
    await gm.getByRole('button', { name: 'Delete “Neon Nights”' }).click();
    await expect(gm.getByText('“Neon Nights” is deleted.')).toBeVisible(SYNC);
    await ana.reload();
    await expect(ana.getByText('The campaign “Neon Nights” was deleted by its game master.')).toBeVisible(SYNC);
  });
});

test.describe('live at the table', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the game master runs an encounter in the campaign; the player sees each turn within a second and enters damage the game master undoes', async ({ browser, at }) => {
    const [gm, ana] = await Promise.all([browser.newContext(), browser.newContext()].map(async (c) => device(await c)));
    await Promise.all([signIn(gm, at, newEmail('gm'), 'Create account'), signIn(ana, at, newEmail('ana'), 'Create account')]);
    await gm.goto(at('/nucleus/campaign'));
    await gm.getByLabel('Name', { exact: true }).fill('Neon Nights');
    await gm.getByRole('button', { name: 'Create campaign' }).click();
    await gm.getByRole('button', { name: 'Make an invite link' }).click(SYNC);
    const link = await gm.getByLabel(/Invite link/).inputValue();
    const campaignPage = link.replace(/\/nucleus\/join#([\w-]+)\..*$/, '/nucleus/campaign#$1');

    // Ana joins and shares Vex: the hero of that name in the encounter is hers.
    await ana.goto(link);
    await ana.getByRole('button', { name: 'Join the campaign' }).click(SYNC);
    await ana.goto(at('/nucleus/CharacterEditor'));
    await ana.getByRole('button', { name: 'New character' }).click(SYNC);
    await ana.getByRole('textbox', { name: 'Name' }).fill('Vex');
    await expect(ana.locator('[data-save-state]')).toHaveText(/Saved/, SYNC);
    await ana.goto(campaignPage);
    await ana.getByLabel('Share a character').selectOption({ label: 'Vex' });
    await ana.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(ana.locator('.campaign-characters')).toContainText('Vex', SYNC);

    // The game master's encounter: a ganger and Vex (a quick entry), the fight started and run in the campaign.
    await gm.goto(at('/nucleus/EncounterEditor'));
    await gm.getByRole('button', { name: 'New encounter' }).click(SYNC);
    await gm.getByRole('textbox', { name: 'Name' }).first().fill('Lobby ambush');
    await gm.getByLabel('Search creatures').fill('ganger');
    await gm.getByRole('button', { name: /^Add 1 Chrome Fang Ganger/ }).first().click();
    await gm.locator('.enc-quick summary').click();
    await gm.locator('.enc-quick').getByRole('textbox', { name: 'Name' }).fill('Vex');
    await gm.locator('.enc-quick').getByRole('spinbutton', { name: 'Protection' }).fill('1');
    await gm.getByRole('button', { name: 'Add quick entry' }).click();
    await gm.getByRole('button', { name: 'Start the fight' }).click();
    await gm.getByLabel('Run in campaign').selectOption({ label: 'Neon Nights' }, SYNC);
    await expect(gm.getByText('The players see every change at once.')).toBeVisible(SYNC);

    // Ana follows it from the campaign page: round, turn and order.
    await ana.getByRole('button', { name: 'Follow Lobby ambush' }).click(SYNC);
    await expect(ana.locator('[data-live-round]')).toHaveText('1', SYNC);
    const order = ana.getByRole('list', { name: 'Initiative order' });
    await expect(order.getByRole('listitem')).toHaveCount(2);
    await expect(order.locator('[data-live-condition="unhurt"]')).toHaveCount(1);
    const before = (await ana.locator('[data-live-turn]').textContent())!;

    // A turn advanced on the game master's screen shows on Ana's within a second, click to change.
    await ana.evaluate(() => {
      const w = window as unknown as { changedAt: number };
      w.changedAt = 0;
      new MutationObserver(() => (w.changedAt ||= Date.now())).observe(document.querySelector('.campaign-live-now')!, { subtree: true, childList: true, characterData: true });
    });
    await gm.evaluate(() => document.addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt ||= Date.now()), { capture: true }));
    await gm.getByRole('button', { name: 'Next turn' }).click();
    await expect(ana.locator('[data-live-turn]')).not.toHaveText(before, SYNC);
    const clickedAt = await gm.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
    const changedAt = await ana.evaluate(() => (window as unknown as { changedAt: number }).changedAt);
    console.log(`turn change reached the player in ${changedAt - clickedAt} ms`);
    expect(changedAt - clickedAt).toBeLessThanOrEqual(1000);

    // Ana's hero takes a landed 4 (before protection 1): the game master sees it at once and undoes it.
    const vex = order.locator('li', { hasText: 'Vex' });
    const full = (await vex.locator('[data-live-health]').getAttribute('data-live-health'))!;
    await ana.getByLabel('Damage against Vex (before protection)').fill('4');
    await ana.getByRole('button', { name: 'Apply damage' }).click();
    await expect(vex.locator('[data-live-health]')).toHaveAttribute('data-live-health', String(Number(full) - 3), SYNC);
    const entries = gm.getByRole('list', { name: 'Players’ entries' });
    await expect(entries).toContainText('4 damage', SYNC);
    await expect(gm.locator('[data-combatant="h1"] [data-health]')).toHaveAttribute('data-health', String(Number(full) - 3));
    await entries.getByRole('button', { name: 'Undo 4 damage on Vex' }).click();
    await expect(vex.locator('[data-live-health]')).toHaveAttribute('data-live-health', full, SYNC);
    const axe = await new AxeBuilder({ page: ana }).include('main').analyze();
    expect(axe.violations).toEqual([]);
  });
});
