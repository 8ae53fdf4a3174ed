import { describe, it, expect } from 'vitest';
import { createDeflate } from 'node:zlib';
import { encodeShare, decodeShare, ShareLinkError, MAX_SHARE_BYTES, MAX_SHARE_TEXT_BYTES } from './sharelink';

/** A real share link whose deflated text is `megabytes` MB of zeros (about 1 KB of link per MB). */
async function zeroBomb(megabytes: number): Promise<string> {
  const deflate = createDeflate();
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) deflate.write(megabyte);
  deflate.end();
  await ended;
  return `share=${Buffer.concat(packed).toString('base64url')}`;
}

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

  it('refuses a document whose text is over the cap, even when it packs small', async () => {
    const repetitive = { ...doc, notes: 'a'.repeat(MAX_SHARE_TEXT_BYTES) };
    await expect(encodeShare(repetitive)).rejects.toThrow(`KB of text, the limit is ${MAX_SHARE_TEXT_BYTES / 1024} KB). Export it as a file instead.`);
  });

  it('refuses a half-megabyte link that unpacks to hundreds of megabytes, stopping at the cap', async () => {
    const link = await zeroBomb(400);
    expect(link.length).toBeGreaterThan(500_000);
    expect(link.length).toBeLessThan(600_000);
    let peak = 0;
    const before = process.memoryUsage().arrayBuffers;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers - before)), 1);
    const started = performance.now();
    const refusal = await decodeShare(link).catch((e: unknown) => e);
    const took = performance.now() - started;
    clearInterval(sample);
    expect(refusal).toBeInstanceOf(ShareLinkError);
    expect((refusal as Error).message).toBe(
      'This share link holds more than a document a link can carry: it unpacks to over 2 MB of text, so it was not opened. Ask for the document as an exported file instead.',
    );
    // Unpacking all 400 MB took tens of seconds and as many megabytes of memory.
    expect(peak).toBeLessThan(32 * 1024 * 1024);
    expect(took).toBeLessThan(5_000);
  });

  it('still opens a link just under the cap', async () => {
    const fragment = await encodeShare({ ...doc, notes: 'a'.repeat(MAX_SHARE_TEXT_BYTES - 200) });
    expect(((await decodeShare(fragment)) as { notes: string }).notes).toHaveLength(MAX_SHARE_TEXT_BYTES - 200);
  });
});
