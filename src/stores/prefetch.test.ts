import { describe, it, expect } from 'vitest';
import { createPrefetchQueue } from './prefetch';

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
