import { Injectable } from '@nestjs/common';

/** The ways an exchange goes dark (CONTRACT section 11), and `light` for none. */
export const DARK_MODES = ['silent', 'refuse', '451', 'cut'] as const;
export type DarkModeName = (typeof DARK_MODES)[number];
export type FeedMode = DarkModeName | 'light';

export type FeedModeListener = (mode: FeedMode, previous: FeedMode) => void;

/**
 * Whether the exchange is dark, and how. The live feed and the REST hook read it; the gateways hear
 * each change so they can drop their connections as the new mode requires.
 */
@Injectable()
export class DarkMode {
  private current: FeedMode = 'light';
  private readonly listeners = new Set<FeedModeListener>();

  get mode(): FeedMode {
    return this.current;
  }

  /** Nothing is delivered on open connections (events, replies, heartbeats, pings). */
  get silent(): boolean {
    return this.current === 'silent';
  }

  set(mode: FeedMode): void {
    const previous = this.current;
    this.current = mode;
    if (previous !== mode) for (const listener of this.listeners) listener(mode, previous);
  }

  onChange(listener: FeedModeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
