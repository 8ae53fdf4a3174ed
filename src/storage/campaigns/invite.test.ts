import { describe, expect, it } from 'vitest';
import { CampaignError, INVITE_DAYS, inviteExpiry, inviteTimeLeft, joinFragment, newInviteCode, parseJoinFragment } from './invite';

describe('invite codes and join links', () => {
  it('a code is 43 URL-safe characters from 32 random bytes, never the same twice', () => {
    const a = newInviteCode();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newInviteCode()).not.toBe(a);
    expect(newInviteCode((b) => b.fill(255))).toBe('_'.repeat(42) + '8');
  });

  it('a join link’s fragment carries the campaign and the code, and reads back', () => {
    const code = newInviteCode();
    expect(parseJoinFragment('#' + joinFragment('camp-1', code))).toEqual({ campaignId: 'camp-1', code });
    expect(parseJoinFragment(joinFragment('AbC_9', code))).toEqual({ campaignId: 'AbC_9', code });
  });

  it('a link cut short or changed is refused with a sentence saying what to do', () => {
    const code = newInviteCode();
    const cases: [string, RegExp][] = [
      ['', /has no code in it/],
      ['#', /has no code in it/],
      [code, /does not name a campaign/],
      ['camp-1.' + code.slice(0, 20), /cut short or changed/],
      ['camp-1.' + code + '<script>', /cut short or changed/],
      ['../x.' + code, /does not name a campaign/],
    ];
    for (const [hash, sentence] of cases) {
      expect(() => parseJoinFragment(hash)).toThrow(CampaignError);
      expect(() => parseJoinFragment(hash)).toThrow(sentence);
    }
  });

  it(`an invite lasts ${INVITE_DAYS} days, said as people say it`, () => {
    const now = Date.UTC(2026, 10, 27);
    expect(inviteExpiry(now) - now).toBe(7 * 24 * 3600 * 1000);
    expect(inviteTimeLeft(inviteExpiry(now), now)).toBe('7 days');
    expect(inviteTimeLeft(now + 3 * 3600 * 1000, now)).toBe('3 hours');
    expect(inviteTimeLeft(now + 3600 * 1000, now)).toBe('1 hour');
    expect(inviteTimeLeft(now + 60_000, now)).toBe('less than an hour');
    expect(inviteTimeLeft(now, now)).toBe('expired');
  });
});
