/**
 * A live fight on the emulators, two browser contexts (issue 48):
 *
 * 1. What a three-round fight costs: from "Start the fight" to "End the
 *    fight" (the player follows it, the game master damages the creature
 *    each round, the player enters damage on their hero once), every
 *    Firestore write and read each page makes, by kind of document
 *    (firestore-traffic.ts counts them from the pages' own traffic).
 * 2. The first turn after the game master reloads: reload, click "Next
 *    turn" as soon as the tracker shows, time until the player's page shows
 *    the new turn (the click in a capture listener, the change by a
 *    MutationObserver, each page's `Date.now()`); `--runs` times (10).
 *
 *   node scripts/build-e2e.mjs         # once: dist/ with the Auth emulator's address baked in
 *   npm run --silent bench:live [-- --runs 10]
 *
 * Starts its own Auth and Firestore emulators and a static server on free
 * ports and stops them by their process ids. Prints numbers; never fails
 * on them.
 */
import { chromium, type Page } from '@playwright/test';
import { waitUntil } from '../lib/process.mjs';
import { arg, CHROMIUM, device, median, p90, signUp, startStack, WAIT } from './emulator-stack';
import { takeTraffic, tally, type Traffic } from './firestore-traffic';

const RUNS = Number(arg('runs', '10'));

/** The campaign, the player in it with their character Vex shared; returns the campaign page's address. */
async function setUpCampaign(gm: Page, player: Page, base: string): Promise<string> {
  await gm.goto(`${base}/nucleus/campaign`);
  await gm.getByLabel('Name', { exact: true }).fill('Bench night');
  await gm.getByRole('button', { name: 'Create campaign' }).click();
  await gm.getByRole('button', { name: 'Make an invite link' }).click(WAIT);
  const link = await gm.getByLabel(/Invite link/).inputValue(WAIT);
  await player.goto(link);
  await player.getByRole('button', { name: 'Join the campaign' }).click(WAIT);
  await player.getByText('You joined “Bench night”.').waitFor(WAIT);
  const campaignPage = link.replace(/\/nucleus\/join#([\w-]+)\..*$/, '/nucleus/campaign#$1');
  await player.goto(`${base}/nucleus/CharacterEditor`);
  await player.getByRole('button', { name: 'New character' }).click(WAIT);
  await player.getByRole('textbox', { name: 'Name' }).fill('Vex');
  await player.locator('[data-save-state="saved"], [data-save-state="synced"]').waitFor(WAIT);
  await player.goto(campaignPage);
  await player.getByLabel('Share a character').selectOption({ label: 'Vex' }, WAIT);
  await player.getByRole('button', { name: 'Share', exact: true }).click();
  await player.locator('.campaign-characters', { hasText: 'Vex' }).waitFor(WAIT);
  return campaignPage;
}

/** A ganger and two heroes (Vex is the player's by name, Rook the game master's). */
async function buildEncounter(gm: Page, base: string): Promise<void> {
  await gm.goto(`${base}/nucleus/EncounterEditor`);
  await gm.getByRole('button', { name: 'New encounter' }).click(WAIT);
  await gm.getByRole('textbox', { name: 'Name' }).first().fill('Bench ambush');
  await gm.getByLabel('Search creatures').fill('ganger');
  await gm.getByRole('button', { name: /^Add 1 Chrome Fang Ganger/ }).first().click(WAIT);
  for (const hero of ['Vex', 'Rook']) {
    const quick = gm.locator('.enc-quick');
    if ((await quick.getAttribute('open')) === null) await quick.locator('summary').click();
    await quick.getByRole('textbox', { name: 'Name' }).fill(hero);
    await gm.getByRole('button', { name: 'Add quick entry' }).click();
  }
}

const nextTurn = (gm: Page) => gm.getByRole('button', { name: 'Next turn' }).click();

/** Three rounds, the game master's damage each round and the player's once; the cloud's answer to each is awaited. */
async function threeRounds(gm: Page, player: Page, campaignPage: string): Promise<void> {
  await gm.getByRole('button', { name: 'Start the fight' }).click();
  await gm.getByLabel('Run in campaign').selectOption({ label: 'Bench night' }, WAIT);
  await player.goto(campaignPage);
  await player.getByRole('button', { name: 'Follow Bench ambush' }).click(WAIT);
  const round = player.locator('[data-live-round]');
  await round.filter({ hasText: /^1$/ }).waitFor(WAIT);
  const ganger = gm.locator('.enc-combatant', { hasText: 'Chrome Fang Ganger' });
  for (let r = 1; r <= 3; r++) {
    await ganger.locator('summary').click();
    await ganger.getByLabel(/^Amount for/).fill('1');
    await ganger.getByRole('button', { name: 'Damage', exact: true }).click();
    await ganger.locator('summary').click();
    if (r === 2) {
      await player.getByLabel('Damage against Vex (before protection)').fill('2');
      await player.getByRole('button', { name: 'Apply damage' }).click();
      await gm.getByRole('list', { name: 'Players’ entries' }).getByText('2 damage').waitFor(WAIT);
    }
    for (let t = 0; t < 3; t++) await nextTurn(gm);
    await round.filter({ hasText: new RegExp(`^${r + 1}$`) }).waitFor(WAIT);
  }
  await gm.getByRole('button', { name: 'End the fight' }).click();
  await gm.locator('[data-save-state="synced"]').waitFor(WAIT);
  await gm.locator('[data-live-waiting="0"]').waitFor(WAIT);
}

function printTraffic(who: string, t: Traffic): void {
  console.log(`${who}: ${t.writes.length} writes, ${t.reads.length} reads`);
  for (const [kind, n] of tally(t.writes)) console.log(`  write ${n.toString().padStart(4)}  ${kind}`);
  for (const [kind, n] of tally(t.reads)) console.log(`  read  ${n.toString().padStart(4)}  ${kind}`);
}

/** One reload of the game master's tracker, then the first turn: milliseconds from the click to the player's screen. */
async function firstTurnAfterReload(gm: Page, player: Page): Promise<number> {
  await gm.reload();
  const next = gm.getByRole('button', { name: 'Next turn' });
  await next.waitFor(WAIT);
  const turn = player.locator('[data-live-turn]');
  const before = (await turn.textContent()) ?? '';
  await player.evaluate(() => {
    const w = window as unknown as { changedAt: number; observer?: MutationObserver };
    w.changedAt = 0;
    w.observer?.disconnect();
    w.observer = new MutationObserver(() => (w.changedAt ||= Date.now()));
    w.observer.observe(document.querySelector('.campaign-live-now')!, { subtree: true, childList: true, characterData: true });
  });
  await gm.evaluate(() => document.addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt ||= Date.now()), { capture: true }));
  await next.click();
  await waitUntil(async () => (await turn.textContent()) !== before, 120_000, 20);
  const clickedAt = await gm.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
  const changedAt = await player.evaluate(() => (window as unknown as { changedAt: number }).changedAt);
  return changedAt - clickedAt;
}

async function main(): Promise<void> {
  const stack = await startStack();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const tag = Math.random().toString(36).slice(2, 8);
    const [g, p] = await Promise.all([device(browser, stack.firestorePort), device(browser, stack.firestorePort)]);
    const gm = g.page;
    const player = p.page;
    await Promise.all([signUp(gm, stack.base, `gm-${tag}@nucleus.test`), signUp(player, stack.base, `player-${tag}@nucleus.test`)]);
    const campaignPage = await setUpCampaign(gm, player, stack.base).catch(async (e: unknown) => {
      if (process.env.BENCH_SHOTS) await Promise.all([gm.screenshot({ path: `${process.env.BENCH_SHOTS}/gm.png` }), player.screenshot({ path: `${process.env.BENCH_SHOTS}/player.png` })]);
      throw e;
    });
    await buildEncounter(gm, stack.base);
    await gm.locator('[data-save-state="synced"]').waitFor(WAIT);
    takeTraffic(g.traffic);
    takeTraffic(p.traffic);

    console.log('three-round fight, start to end (3 combatants: 9 turns, 3 damage by the game master, 1 by the player):');
    await threeRounds(gm, player, campaignPage);
    const [gmTraffic, playerTraffic] = [takeTraffic(g.traffic), takeTraffic(p.traffic)];
    printTraffic('game master', gmTraffic);
    printTraffic('player', playerTraffic);
    console.log(`both: ${gmTraffic.writes.length + playerTraffic.writes.length} writes, ${gmTraffic.reads.length + playerTraffic.reads.length} reads`);

    await gm.getByRole('button', { name: 'Start the fight' }).click();
    await player.locator('[data-live-turn]').waitFor(WAIT);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await firstTurnAfterReload(gm, player));
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`first turn after the game master's reload, click → player's screen (ms): ${times.join(', ')}`);
    console.log(`median ${median(sorted)} ms, p90 ${p90(sorted)} ms (${RUNS} runs)`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
