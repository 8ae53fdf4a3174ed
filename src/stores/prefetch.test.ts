import { describe, it, expect } from 'vitest';
import { createPrefetchQueue, inViewPrefetchBudget } from './prefetch';

describe('prefetch queue', () => {
  it('never has more than 4 requests in flight and fetches each URL once', async () => {
    let inFlight = 0;
    let peak = 0;
    const fetched: string[] = [];
    const q = createPrefetchQueue(async (url) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      fetched.push(url);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
    });
    for (let i = 0; i < 20; i++) q.add(`/p/${i % 15}`);
    expect(q.active).toBe(4);
    await q.idle();
    expect(peak).toBe(4);
    expect(fetched).toHaveLength(15);
  });

  it('puts a hovered link first and survives failures', async () => {
    const order: string[] = [];
    const q = createPrefetchQueue(async (url) => {
      order.push(url);
      if (url === '/bad') throw new Error('offline');
    }, 1);
    q.add('/bad');
    q.add('/a');
    q.add('/b');
    q.add('/c');
    q.add('/c', true);
    await q.idle();
    expect(order).toEqual(['/bad', '/c', '/a', '/b']);
  });
});

describe('which links in view a page view prefetches', () => {
  it('none on a phone or a tablet: a link is fetched only once touched, hovered or focused', () => {
    expect(inViewPrefetchBudget({ width: 390, effectiveType: '4g' })).toBe(0);
    expect(inViewPrefetchBudget({ width: 1023, effectiveType: '4g' })).toBe(0);
  });

  it('none with Save-Data or on a connection below 4g, however wide the screen', () => {
    expect(inViewPrefetchBudget({ width: 1440, saveData: true, effectiveType: '4g' })).toBe(0);
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(inViewPrefetchBudget({ width: 1440, effectiveType })).toBe(0);
  });

  it('at most 8 pages on a desktop with a fast connection, or with no estimate of it', () => {
    expect(inViewPrefetchBudget({ width: 1024, effectiveType: '4g' })).toBe(8);
    expect(inViewPrefetchBudget({ width: 1920 })).toBe(8);
  });
});
