/**
 * Campaigns: a game master's table shared with the players. `invite.ts` is
 * light (codes and join links); the Firestore side (`cloud.ts`) is heavy and
 * imported dynamically once someone is signed in.
 */
export { CampaignError, INVITE_DAYS, inviteExpiry, inviteTimeLeft, joinFragment, newInviteCode, parseJoinFragment } from './invite';
export type { Campaign, HeroChange, HeroValue, HeroWrite, LivePublication, RunningEncounter, LiveCreature, LiveFight, LiveHero, Member, SharedCharacter } from './cloud';
