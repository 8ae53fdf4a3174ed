/**
 * A campaign at its member limit on the emulators (issue 48): how long the
 * campaign page takes to list its members, for the game master and for a
 * player, from the start of the page's load to the last name on screen.
 *
 * The game master and one player are browsers that sign up and join as
 * people do (the invite link, "Join the campaign"); the other members, to
 * reach the limit (MAX_CAMPAIGN_MEMBERS, the game master included), join
 * from this process with the app's own CampaignCloud.join, each as its own
 * user (the emulator's mock tokens): the same commit, rules and member count.
 * Then each page is reloaded `--runs` times (10); the time is the page's
 * `performance.now()` at the first animation frame that shows every member.
 *
 *   node scripts/build-e2e.mjs          # once: dist/ with the Auth emulator's address baked in
 *   npm run --silent bench:members [-- --runs 10]
 *
 * Prints numbers; never fails on them.
 */
import { chromium, type Page } from '@playwright/test';
import { deleteApp, initializeApp } from 'firebase/app';
import { terminate } from 'firebase/firestore';
import { openFirestore } from '../../src/storage/cloud';
import { CampaignCloud } from '../../src/storage/campaigns/cloud';
import { MAX_CAMPAIGN_MEMBERS, parseJoinFragment } from '../../src/storage/campaigns/invite';
import { DEMO_PROJECT_ID } from '../../src/auth/config';
import { arg, CHROMIUM, device, median, p90, signUp, startStack, WAIT } from './emulator-stack';

const RUNS = Number(arg('runs', '10'));

/** Members joined from this process, a few at a time (as a table's players would, not all in one instant). */
async function joinFromHere(firestorePort: number, cid: string, code: string, count: number): Promise<void> {
  const at = { host: '127.0.0.1', port: firestorePort };
  for (let i = 0; i < count; i += 6) {
    await Promise.all(
      Array.from({ length: Math.min(6, count - i) }, async (_, k) => {
        const uid = `bench-member-${i + k}-${Math.random().toString(36).slice(2, 8)}`;
        const app = initializeApp({ projectId: DEMO_PROJECT_ID, apiKey: 'demo-api-key' }, uid);
        const db = openFirestore(app, { ...at, mockUserToken: { user_id: uid, sub: uid } });
        try {
          await new CampaignCloud(db, uid, `Player ${i + k + 2}`).join(cid, code);
        } finally {
          await terminate(db);
          await deleteApp(app);
        }
      }),
    );
  }
}

/** Milliseconds from the start of the page's load to the first frame listing `count` members. */
async function timeToList(page: Page, count: number): Promise<number> {
  await page.reload();
  const at = await page.waitForFunction(
    (n) => (document.querySelectorAll('.campaign-members > li').length >= n ? performance.now() : false),
    count,
    { polling: 'raf', ...WAIT },
  );
  return Math.round((await at.jsonValue()) as number);
}

async function main(): Promise<void> {
  const stack = await startStack();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const tag = Math.random().toString(36).slice(2, 8);
    const [{ page: gm }, { page: player }] = await Promise.all([device(browser, stack.firestorePort), device(browser, stack.firestorePort)]);
    await Promise.all([signUp(gm, stack.base, `gm-${tag}@nucleus.test`), signUp(player, stack.base, `player-${tag}@nucleus.test`)]);
    await gm.goto(`${stack.base}/nucleus/campaign`);
    await gm.getByLabel('Name', { exact: true }).fill('Full table');
    await gm.getByRole('button', { name: 'Create campaign' }).click();
    await gm.getByRole('button', { name: 'Make an invite link' }).click(WAIT);
    const link = await gm.getByLabel(/Invite link/).inputValue(WAIT);
    const { campaignId, code } = parseJoinFragment(new URL(link).hash);
    await player.goto(link);
    await player.getByRole('button', { name: 'Join the campaign' }).click(WAIT);
    await player.getByText('You joined “Full table”.').waitFor(WAIT);
    await joinFromHere(stack.firestorePort, campaignId, code, MAX_CAMPAIGN_MEMBERS - 2);
    const campaignPage = `${stack.base}/nucleus/campaign#${campaignId}`;
    await Promise.all([gm.goto(campaignPage), player.goto(campaignPage)]);
    await gm.getByText(/The campaign is full/).waitFor(WAIT);
    for (const [who, page] of [['game master', gm], ['player', player]] as const) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timeToList(page, MAX_CAMPAIGN_MEMBERS));
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`${who}: ${MAX_CAMPAIGN_MEMBERS} members listed after a reload (ms): ${times.join(', ')}`);
      console.log(`  median ${median(sorted)} ms, p90 ${p90(sorted)} ms (${RUNS} runs)`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
