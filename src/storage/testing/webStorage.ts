/**
 * Test helper: a Web Storage (the interface of `localStorage`) kept in a
 * Map, for Node, where there is none. `failWrites` makes `setItem` throw as
 * a full storage does (QuotaExceededError).
 */
import type { JournalStorage } from '../journal';

export function webStorage(): JournalStorage & { failWrites: boolean; items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    failWrites: false,
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem(k, v) {
      if (this.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(k, String(v));
    },
    removeItem: (k) => void items.delete(k),
  };
}
