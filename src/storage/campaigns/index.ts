/**
 * Campaigns: a game master's table shared with the players. `invite.ts` is
 * light (codes and join links); the Firestore side (`cloud.ts`, with
 * `live.ts` and `packs.ts`) is heavy and imported dynamically once someone
 * is signed in. A published pack's shape and limits (`packShape.ts`) and the
 * device's copy of a campaign's packs (`packCache.ts`) are light: editors
 * read them offline without Firestore.
 */
export { CAMPAIGN_FULL, CAMPAIGN_FULL_FOR_GM, CampaignError, INVITE_DAYS, MAX_CAMPAIGN_MEMBERS, REMOVED_FROM_CAMPAIGN, inviteExpiry, inviteTimeLeft, joinFragment, newInviteCode, parseJoinFragment } from './invite';
export type { Campaign, CampaignSources, Member, Publication, SharedCharacter } from './cloud';
export type { CachedPack } from './packCache';
export type { PackChange, PackEntries, PackEntryKind, PackEntrySource, PackSource, PublishedPack, ReceivedPack } from './packShape';
export type { HeroChange, HeroValue, HeroWrite, LiveCreature, LiveFight, LiveHero, LivePublication, RunningEncounter } from './live';
