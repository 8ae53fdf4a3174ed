import { describe, it, expect } from 'vitest';
import { encodeShare, decodeShare, ShareLinkError, MAX_SHARE_BYTES } from './sharelink';

const doc = { kind: 'blueprint', id: 'b1', name: 'Plasma rifle', schemaVersion: 1, properties: { damage: 5 } };

describe('share links', () => {
  it('round-trips a document through the fragment', async () => {
    const fragment = await encodeShare(doc);
    expect(fragment).toMatch(/^share=[A-Za-z0-9_-]+$/);
    expect(await decodeShare(`#${fragment}`)).toEqual(doc);
  });

  it('says clearly when a link is damaged or tampered with', async () => {
    const fragment = await encodeShare(doc);
    await expect(decodeShare(fragment.slice(0, -6))).rejects.toThrow(ShareLinkError);
    await expect(decodeShare('share=abc$%')).rejects.toThrow('characters a share link never contains');
    await expect(decodeShare('share=' + 'A'.repeat(40))).rejects.toThrow('damaged');
    await expect(decodeShare('#other')).rejects.toThrow('does not contain a shared document');
  });

  it('refuses documents too large for a link and points to export', async () => {
    const big = { ...doc, notes: Array.from({ length: 6000 }, (_, i) => `${i}-${Math.sin(i)}`).join(' ') };
    await expect(encodeShare(big)).rejects.toThrow(`the limit is ${MAX_SHARE_BYTES / 1024} KB). Export it as a file instead.`);
  });
});
