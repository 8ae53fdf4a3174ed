/**
 * Campaigns: a game master's table shared with the players. `invite.ts` is
 * light (codes and join links); the Firestore side (`cloud.ts`) is heavy and
 * imported dynamically once someone is signed in.
 */
export { CAMPAIGN_FULL, CAMPAIGN_FULL_FOR_GM, CampaignError, INVITE_DAYS, MAX_CAMPAIGN_MEMBERS, REMOVED_FROM_CAMPAIGN, inviteExpiry, inviteTimeLeft, joinFragment, newInviteCode, parseJoinFragment } from './invite';
export type { Campaign, Member, SharedCharacter } from './cloud';
export type { HeroChange, HeroValue, HeroWrite, LiveCreature, LiveFight, LiveHero, LivePublication, RunningEncounter } from './live';
