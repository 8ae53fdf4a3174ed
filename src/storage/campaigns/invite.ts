/**
 * Campaign invites without the SDK: the code, the link's fragment, and how
 * long an invite lasts. The code rides in the address's fragment
 * (`/nucleus/join#<campaign id>.<code>`), which browsers never send to a
 * server, so it never reaches a log. firestore.rules accept codes of 32–64
 * URL-safe characters; one made here has 43 (32 random bytes).
 */

/**
 * Entries a campaign holds at most, the game master's included: a table of
 * players with room for spectators (firestore.rules refuse a join past it).
 */
export const MAX_CAMPAIGN_MEMBERS = 50;

/** What a player reads when a campaign has no room left. */
export const CAMPAIGN_FULL = `This campaign is full (${MAX_CAMPAIGN_MEMBERS} members, the game master included): ask the game master to make room.`;

/** What the game master reads on the campaign's page when it is full. */
export const CAMPAIGN_FULL_FOR_GM = `The campaign is full (${MAX_CAMPAIGN_MEMBERS} members, you included): nobody else can join until someone leaves or you remove someone.`;

/** What a removed player reads, at the join link they had and on the campaign's page. */
export const REMOVED_FROM_CAMPAIGN = 'You were removed from this campaign; ask the game master for a new invite.';

/** Days an invite stays valid (firestore.rules refuse more). */
export const INVITE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown for a link or code a person pasted wrong; the message is the sentence to show. */
export class CampaignError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CampaignError';
  }
}

const CODE = /^[A-Za-z0-9_-]{32,64}$/;
const CAMPAIGN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `bytes` as URL-safe base64 without padding. */
function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A new invite code from 32 random bytes (43 characters).
 * @param random fills a byte array (tests pass a fixed one)
 */
/** The Firestore error code of a failure, if it has one ('permission-denied': the rules refused). */
export function refusedCode(e: unknown): string | undefined {
  return (e as { code?: string })?.code;
}

export function newInviteCode(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return base64url(random(new Uint8Array(32)));
}

/** When an invite made at `now` (ms) stops working. */
export function inviteExpiry(now: number): number {
  return now + INVITE_DAYS * DAY_MS;
}

/**
 * The fragment of a join link.
 * @example joinFragment('c1', 'x'.repeat(43)) ⇒ 'c1.xxx…'
 */
export function joinFragment(campaignId: string, code: string): string {
  return `${campaignId}.${code}`;
}

/**
 * Reads a join link's fragment (with or without its `#`).
 * @throws CampaignError naming what is wrong with the link
 */
export function parseJoinFragment(hash: string): { campaignId: string; code: string } {
  const text = decodeURIComponent(hash.replace(/^#/, '').trim());
  if (text === '') throw new CampaignError('This invite link has no code in it: ask the game master to send the whole link again.');
  const dot = text.lastIndexOf('.');
  const campaignId = dot > 0 ? text.slice(0, dot) : '';
  const code = dot > 0 ? text.slice(dot + 1) : text;
  if (!CAMPAIGN_ID.test(campaignId)) throw new CampaignError('This invite link does not name a campaign: ask the game master to send the whole link again.');
  if (!CODE.test(code)) throw new CampaignError('This invite link’s code is cut short or changed: ask the game master to send the whole link again.');
  return { campaignId, code };
}

/** How long an invite has left, as people say it: "6 days", "3 hours", "expired". */
export function inviteTimeLeft(expiresAt: number, now: number): string {
  const left = expiresAt - now;
  if (left <= 0) return 'expired';
  const hours = Math.floor(left / (60 * 60 * 1000));
  if (hours >= 48) return `${Math.floor(hours / 24)} days`;
  if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return 'less than an hour';
}
