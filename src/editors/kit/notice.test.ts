import { describe, expect, it } from 'vitest';
import { copyOutcomeText, copyToClipboard, namedCount, noticeNow } from './notice';

describe('notices say what is true now', () => {
  const jacket = { name: 'Padded Jacket' };
  it('"Padded Jacket added." shows while the jacket is there, and goes once it is removed', () => {
    const notice = { text: 'Padded Jacket added.', holds: namedCount([jacket], 'Padded Jacket') };
    expect(noticeNow(notice, namedCount([jacket], 'Padded Jacket'))).toBe('Padded Jacket added.');
    // Other gear changing does not make it untrue.
    expect(noticeNow(notice, namedCount([jacket, { name: 'Smart Pistol' }], 'Padded Jacket'))).toBe('Padded Jacket added.');
    expect(noticeNow(notice, namedCount([], 'Padded Jacket'))).toBe('');
    // A second jacket: "added" is about the one added then, not two.
    expect(noticeNow(notice, namedCount([jacket, jacket], 'Padded Jacket'))).toBe('');
  });
  it('no notice says nothing', () => {
    expect(noticeNow(null, 'x')).toBe('');
  });
});

describe('"Copy link" says what happened', () => {
  it('confirms a copy, and says how to copy by hand when the clipboard is refused or missing', () => {
    expect(copyOutcomeText('copied')).toBe('Link copied.');
    expect(copyOutcomeText('refused')).toMatch(/did not allow copying.*selected.*Ctrl\+C/);
    expect(copyOutcomeText('unavailable')).toMatch(/not available.*selected.*Ctrl\+C/);
  });
});

describe('copyToClipboard', () => {
  it('says "unavailable" without a clipboard, and never throws', async () => {
    const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true });
    try {
      expect(await copyToClipboard('x')).toBe('unavailable');
      Object.defineProperty(globalThis, 'navigator', { value: { clipboard: { writeText: () => Promise.reject(new Error('denied')) } }, configurable: true });
      expect(await copyToClipboard('x')).toBe('refused');
      Object.defineProperty(globalThis, 'navigator', { value: { clipboard: { writeText: () => Promise.resolve() } }, configurable: true });
      expect(await copyToClipboard('x')).toBe('copied');
    } finally {
      if (had) Object.defineProperty(globalThis, 'navigator', had);
      else Reflect.deleteProperty(globalThis, 'navigator');
    }
  });
});
