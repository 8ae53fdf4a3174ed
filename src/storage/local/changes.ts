/**
 * Changes announced to this tab's subscribers and, through a
 * BroadcastChannel, to other tabs' (there with `remote: true`).
 */
import type { ChangeEvent } from '../types';

export class ChangeFeed {
  private readonly listeners = new Set<(e: ChangeEvent) => void>();
  private readonly channel: BroadcastChannel | null;

  /** `onRemote` runs before listeners hear of another tab's change (the cache refreshes first). */
  constructor(channelName: string | null, onRemote: (e: ChangeEvent) => Promise<void>) {
    this.channel = channelName && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null;
    if (this.channel) {
      this.channel.onmessage = async (m: MessageEvent<ChangeEvent>) => {
        await onRemote(m.data);
        for (const l of this.listeners) l({ ...m.data, remote: true });
      };
    }
  }

  /** Whether other tabs' changes reach this one. */
  get hearsOtherTabs(): boolean {
    return !!this.channel;
  }

  emit(event: Omit<ChangeEvent, 'remote'>): void {
    for (const l of this.listeners) l({ ...event, remote: false });
    this.channel?.postMessage({ ...event, remote: false });
  }

  subscribe(listener: (e: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.channel?.close();
    this.listeners.clear();
  }
}
