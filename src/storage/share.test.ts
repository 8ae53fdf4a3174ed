import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { editorHref, editorPath, hasSharedDocument, readShareLink, shareLink } from './share';
import { encodeShare, ShareLinkError } from './sharelink';
import { core, weapon } from '../rules/testing';

describe('share links', () => {
  it('builds the editor route of the document’s kind and reads the document back', async () => {
    const doc = weapon({ id: 'w1', name: 'Longarm', homebrew: 1 } as never);
    const url = await shareLink(doc, 'https://example.test');
    expect(url).toMatch(/^https:\/\/example\.test\/nucleus\/BlueprintEditor#share=[A-Za-z0-9_-]+$/);
    const hash = url.slice(url.indexOf('#'));
    expect(hasSharedDocument(hash)).toBe(true);
    expect(await readShareLink(hash, 'blueprint')).toMatchObject({ id: 'w1', name: 'Longarm', homebrew: 1 });
    expect(editorPath('core')).toBe('/nucleus/CoreEditor');
    expect(editorHref('creature', 'a b')).toBe('/nucleus/CreatureEditor?id=a%20b');
  });

  it('a damaged link gives a sentence', async () => {
    const url = await shareLink(core({ id: 'c1' }), '');
    const cut = url.slice(url.indexOf('#'), -12);
    await expect(readShareLink(cut)).rejects.toThrow(ShareLinkError);
    await expect(readShareLink('#share=@@@')).rejects.toThrow(/damaged/);
  });

  it('a tampered link whose document is not valid says which field', async () => {
    const hash = '#' + (await encodeShare({ ...core({ id: 'c1' }), tier: 'max' }));
    await expect(readShareLink(hash)).rejects.toThrow(/not valid \(tier: expected a whole number\)/);
  });

  it('a link of another kind names the editor to use', async () => {
    const hash = '#' + (await encodeShare(core({ id: 'c1' })));
    await expect(readShareLink(hash, 'blueprint')).rejects.toThrow(/holds a core, not a blueprint/);
  });

  it('a link with a document nested too deep (well under the 2 MB cap) is refused with a sentence before anything walks it', async () => {
    const depth = 200_000;
    const text = `{"kind":"blueprint","name":"Deep","notes":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const hash = `#share=${deflateSync(Buffer.from(text)).toString('base64url')}`;
    await expect(readShareLink(hash, 'blueprint')).rejects.toThrow(
      new ShareLinkError('This share link was not opened: the document in it is not one Nucleus makes (it nests more than 64 levels deep, and a document may nest at most 64).'),
    );
  });

  it('a link that unpacks to more than any document says so, in the sentence the editor shows', async () => {
    const deflated = deflateSync(Buffer.alloc(3 * 1024 * 1024, ' '));
    await expect(readShareLink(`#share=${deflated.toString('base64url')}`, 'blueprint')).rejects.toThrow(
      new ShareLinkError('This share link holds more than a document a link can carry: it unpacks to over 2 MB of text, so it was not opened. Ask for the document as an exported file instead.'),
    );
  });
});
