/**
 * A campaign as a game master and two players use it, three browser
 * contexts on the emulators, one evening in one test: invite, join (one
 * player signed out first), characters shared and seen without reloading,
 * an encounter run live for two rounds (each turn on the players' screens
 * within a second, a player's damage undone), a player offline and back
 * while the game master changes his hero, a member removed mid-fight, the
 * campaign deleted while the game master's tracker and a player's page are
 * open. The heroes are the characters the players share (by id), and follow
 * their sheets. The rules and the stores are tested below the browser
 * (src/storage/campaignRules.test.ts, campaigns/cloud.test.ts,
 * components/campaign/campaignState.test.ts, liveState.test.ts); this
 * proves the pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, shoot } from './fixtures';
import { SYNC, device, newEmail, removeAccounts, signIn } from './devices';

// Nothing here is about the service worker or offline reading (going offline
// is the contexts' own): each device's pages skip installing it and precaching.
test.use({ serviceWorkers: 'block' });
test.afterEach(removeAccounts);

/** A player makes a character on their device and shares it in the campaign; returns the character's editor address. */
async function shareNewCharacter(page: Page, at: (path: string) => string, campaignPage: string, name: string): Promise<string> {
  await page.goto(at('/nucleus/CharacterEditor'));
  await page.getByRole('button', { name: 'New character' }).click(SYNC);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // Signed in, the state may pass "Saved" on to "Synced" before it is read.
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', /^(saved|synced)$/, SYNC);
  const sheet = page.url();
  await page.goto(campaignPage);
  await page.getByLabel('Share a character').selectOption({ label: name });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.locator('.campaign-characters')).toContainText(name, SYNC);
  return sheet;
}

/** The game master's encounter: a ganger, and the players' heroes picked from the characters they share in the campaign (by id, never by name). */
async function buildEncounter(gm: Page, at: (path: string) => string): Promise<void> {
  await gm.goto(at('/nucleus/EncounterEditor'));
  await gm.getByRole('button', { name: 'New encounter' }).click(SYNC);
  await gm.getByRole('textbox', { name: 'Name' }).first().fill('Lobby ambush');
  await gm.getByLabel('Search creatures').fill('ganger');
  await gm.getByRole('button', { name: /^Add 1 Chrome Fang Ganger/ }).first().click();
  const picker = gm.getByLabel('Character shared in your campaign');
  for (const hero of ['Vex', 'Rook']) {
    await expect(picker.locator('option', { hasText: `${hero} (in “Neon Nights”)` })).toHaveCount(1, SYNC);
    await picker.selectOption({ label: `${hero} (in “Neon Nights”)` });
    await gm.getByRole('button', { name: 'Add shared character' }).click();
    await expect(heroRow(gm, hero)).toContainText('shared in “Neon Nights”');
  }
}

const heroRow = (gm: Page, name: string) => gm.getByRole('list', { name: 'Heroes' }).getByRole('listitem').filter({ hasText: name });
const numberIn = async (row: ReturnType<typeof heroRow>, label: string) => Number(new RegExp(`${label} (\\d+)`).exec((await row.textContent()) ?? '')?.[1]);

test.describe('a campaign at the table: a game master and two players', () => {
  test.describe.configure({ timeout: 360_000 });

  test('invite and join, characters shared, two rounds live, a player offline and back, a member removed mid-fight, the campaign deleted', async ({ browser, at }) => {
    const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const [gm, ana, bo] = await Promise.all(contexts.map(device));
    const boContext = contexts[2]!;
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
    const campaignPage = link.replace(/\/nucleus\/join#([\w-]+)\..*$/, '/nucleus/campaign#$1');
    expect((await new AxeBuilder({ page: gm }).include('main').analyze()).violations).toEqual([]);

    // Signed out, Ana is asked to sign in; the link waits for her and she confirms after. Bo joins at once.
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

    // Each player makes a character and shares it; the game master's open page shows both without a reload.
    await gm.reload();
    await expect(gm.locator('.campaign-members li')).toHaveCount(3, SYNC);
    const [vexSheet] = await Promise.all([shareNewCharacter(ana, at, campaignPage, 'Vex'), shareNewCharacter(bo, at, campaignPage, 'Rook')]);
    await expect(gm.locator('.campaign-characters')).toContainText('Vex', SYNC);
    await expect(gm.locator('.campaign-characters')).toContainText('Rook', SYNC);

    // The game master runs an encounter in the campaign, from the tracker; the campaign page stays open in a second tab.
    const gmCampaign = await contexts[0]!.newPage();
    await gmCampaign.goto(campaignPage);
    await buildEncounter(gm, at);

    // Ana raises Vex's Frame on her sheet: the hero in the game master's open encounter follows (Health + 2), no reload.
    const vexHealth = await numberIn(heroRow(gm, 'Vex'), 'Health');
    await ana.goto(vexSheet);
    const frame = ana.getByRole('spinbutton', { name: 'Frame', exact: true });
    await frame.focus();
    await ana.keyboard.press('ArrowUp');
    await expect(ana.locator('[data-save-state]')).toHaveAttribute('data-save-state', /^(saved|synced)$/, SYNC);
    await expect(heroRow(gm, 'Vex')).toContainText(`Health ${vexHealth + 2}`, SYNC);
    await ana.goto(campaignPage);
    const vexProtection = await numberIn(heroRow(gm, 'Vex'), 'Protection');
    await gm.getByRole('button', { name: 'Start the fight' }).click();
    await gm.getByLabel('Run in campaign').selectOption({ label: 'Neon Nights' }, SYNC);
    await expect(gm.getByText('The players see every change at once.')).toBeVisible(SYNC);

    // Both players follow it from the campaign page: round, turn and order; the ganger shows its condition only.
    for (const player of [ana, bo]) {
      await player.getByRole('button', { name: 'Follow Lobby ambush' }).click(SYNC);
      await expect(player.locator('[data-live-round]')).toHaveText('1', SYNC);
    }
    const order = (page: Page) => page.getByRole('list', { name: 'Initiative order' });
    await expect(order(ana).getByRole('listitem')).toHaveCount(3);
    await expect(order(ana).locator('[data-live-condition="unhurt"]')).toHaveCount(1);
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

    // Ana's hero (hers by the shared character's id) takes a landed 4, less its protection: the game master sees it at once and undoes it.
    const vex = order(ana).locator('li', { hasText: 'Vex' });
    const full = (await vex.locator('[data-live-health]').getAttribute('data-live-health'))!;
    expect(Number(full)).toBe(vexHealth + 2);
    const hurt = String(Number(full) - Math.max(0, 4 - vexProtection));
    await ana.getByLabel('Damage against Vex (before protection)').fill('4');
    await ana.getByRole('button', { name: 'Apply damage' }).click();
    await expect(vex.locator('[data-live-health]')).toHaveAttribute('data-live-health', hurt, SYNC);
    const entries = gm.getByRole('list', { name: 'Players’ entries' });
    await expect(entries).toContainText('4 damage', SYNC);
    await expect(gm.locator('[data-combatant="h1"] [data-health]')).toHaveAttribute('data-health', hurt);
    await entries.getByRole('button', { name: 'Undo 4 damage on Vex' }).click();
    await expect(vex.locator('[data-live-health]')).toHaveAttribute('data-live-health', full, SYNC);
    expect((await new AxeBuilder({ page: ana }).include('main').analyze()).violations).toEqual([]);

    // The rest of round 1; round 2 reaches both players.
    for (let t = 0; t < 2; t++) await gm.getByRole('button', { name: 'Next turn' }).click();
    for (const player of [ana, bo]) await expect(player.locator('[data-live-round]')).toHaveText('2', SYNC);

    // Bo goes offline: he sees the fight as it last reached him and enters a landed 2 on Rook, which waits.
    const rook = order(bo).locator('li', { hasText: 'Rook' });
    const rookFull = Number(await rook.locator('[data-live-health]').getAttribute('data-live-health'));
    const rookHurt = rookFull - Math.max(0, 2 - (await numberIn(heroRow(gm, 'Rook'), 'Protection')));
    await boContext.setOffline(true);
    await expect(bo.getByText('You are offline: this is the fight as it last reached you.')).toBeVisible();
    await bo.getByLabel('Damage against Rook (before protection)').fill('2');
    await bo.getByRole('button', { name: 'Apply damage' }).click();
    await expect(bo.getByText('Your entry (2 damage) waits to be sent')).toBeVisible();
    // Meanwhile the game master gives Rook a strain and moves the fight on.
    const gmRook = gm.locator('[data-combatant="h2"]');
    await gmRook.locator('summary', { hasText: 'Act on Rook' }).click();
    await gmRook.getByRole('button', { name: 'Add 1 strain to Rook' }).click();
    await gmRook.locator('summary', { hasText: 'Act on Rook' }).click();
    const turnBefore = (await ana.locator('[data-live-turn]').textContent())!;
    await gm.getByRole('button', { name: 'Next turn' }).click();
    await expect(ana.locator('[data-live-turn]')).not.toHaveText(turnBefore, SYNC);
    // Back online: Bo's entry goes out and the game master sees it; both changes stand on every screen.
    await boContext.setOffline(false);
    await expect(entries).toContainText('2 damage', SYNC);
    for (const page of [bo, ana]) {
      const row = order(page).locator('li', { hasText: 'Rook' });
      await expect(row.locator('[data-live-health]')).toHaveAttribute('data-live-health', String(rookHurt), SYNC);
      await expect(row).toContainText('strain 1/', SYNC);
    }
    await expect(bo.locator('[data-live-turn]')).toHaveText((await ana.locator('[data-live-turn]').textContent())!, SYNC);

    // Bo is removed mid-fight: his next contact with the cloud is refused, with a sentence that says he was removed.
    // Members show by name, or the part of their e-mail before the @ (never the whole address).
    await gmCampaign.getByRole('button', { name: `Remove ${boEmail.split('@')[0]}` }).click();
    await expect(gmCampaign.locator('.campaign-members li')).toHaveCount(2, SYNC);
    await gm.getByRole('button', { name: 'Next turn' }).click();
    await bo.reload();
    await expect(bo.getByText('You were removed from this campaign; ask the game master for a new invite.')).toBeVisible(SYNC);
    // His character left with him: the game master's hero says so, and keeps its numbers.
    await expect(heroRow(gm, 'Rook').locator('[data-unshared]')).toHaveText(
      'Rook is no longer shared in “Neon Nights” (its player took it off, left, or was removed): it keeps the numbers it last had here.',
      SYNC,
    );

    // The game master deletes the campaign in the second tab, while the tracker runs the fight in the first and Ana follows it.
    await gmCampaign.getByRole('button', { name: 'Delete campaign…' }).click();
    await gmCampaign.getByRole('button', { name: 'Delete “Neon Nights”' }).click();
    await expect(gmCampaign.getByText('“Neon Nights” is deleted.')).toBeVisible(SYNC);
    // Ana's open page says so at once, without a reload.
    await expect(ana.getByText('The campaign “Neon Nights” was deleted by its game master.')).toBeVisible(SYNC);
    // The tracker stops sharing and says why; nothing claims the players see the fight, nothing advises signing in again.
    const run = gm.getByRole('group', { name: 'Live at the table' });
    await expect(run.getByRole('alert')).toHaveText('You deleted the campaign “Neon Nights”. This fight is no longer shared; the tracker goes on here as before.', SYNC);
    await expect(run.getByText('The players see every change at once.')).toBeHidden();
    await expect(gm.getByText(/sign in again/)).toBeHidden();
    await expect(heroRow(gm, 'Vex').locator('[data-unshared]')).toHaveText('You deleted the campaign “Neon Nights”. Vex keeps the numbers it last had here.', SYNC);
    await shoot(gmCampaign, 'deleted-campaign-page.png');
    await shoot(ana, 'deleted-player-page.png');
    await shoot(gm, 'deleted-tracker.png', { fullPage: true });
    // The fight goes on at the table.
    await gm.getByRole('button', { name: 'Next turn' }).click();
    await expect(run.getByRole('alert')).toContainText('This fight is no longer shared');
    await expect(gm.getByText(/sign in again/)).toBeHidden();
    await ana.reload();
    await expect(ana.getByText('The campaign “Neon Nights” was deleted by its game master.')).toBeVisible(SYNC);
  });
});
