import type { LiveEvent } from './live-bus';

/** Slot ids one event may name: the most a page asks GET /api/slots/by-id for at once (MAX_SLOT_IDS). */
const MAX_NAMED = 100;

/**
 * What the open pages hear, gathered over a short window: one `slots` event naming every slot changed in it
 * (or none: reload the weeks). On the night booking opens a thousand bookings a second would otherwise be a
 * thousand writes to each of hundreds of streams; this is one write per stream per window. The text is made
 * once per window for every stream.
 */
export class SlotBroadcast {
  private readonly streams = new Set<(chunk: string) => void>();
  private named: Set<string> | null = new Set();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly windowMs: number) {}

  get size(): number {
    return this.streams.size;
  }

  add(write: (chunk: string) => void): () => void {
    this.streams.add(write);
    return () => this.streams.delete(write);
  }

  /** Takes the events pages care about: slot changes, and a resync (reload the weeks). */
  hear(event: LiveEvent): void {
    if (event.type === 'slots' && event.slotIds.length > 0) {
      for (const id of event.slotIds) this.named?.add(id);
      if (this.named && this.named.size > MAX_NAMED) this.named = null;
    } else if (event.type === 'slots' || event.type === 'resync') {
      this.named = null;
    } else {
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  /** Sends what the window gathered to every stream now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const slotIds = this.named ? [...this.named] : [];
    this.named = new Set();
    const chunk = `event: slots\ndata: ${JSON.stringify({ slotIds })}\n\n`;
    for (const write of this.streams) write(chunk);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
