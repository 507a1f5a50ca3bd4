import type { BookedTrade, Sim } from '@pds/testing';

export interface FeedTrade extends BookedTrade {
  /** As the exchange reports it: 8 decimals. */
  readonly price: string;
}

/**
 * A steady trade rate on the simulator: one trade every `everyMs`, booked one after another, so
 * the last one acknowledged is the exchange's last trade once the feed stops. The price walks a
 * cent at a time.
 */
export class TradeFeed {
  private cents = 9_700_000;
  private running = false;
  private loop: Promise<void> | undefined;
  private lastTrade: FeedTrade | undefined;
  private readonly listeners = new Set<(trade: FeedTrade) => void>();

  constructor(
    private readonly sim: Sim,
    private readonly everyMs: number,
  ) {}

  get last(): FeedTrade | undefined {
    return this.lastTrade;
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** Stops booking; resolves once the trade in flight (if any) is acknowledged. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /** The next trade booked from now on. */
  next(): Promise<FeedTrade> {
    return new Promise((resolve) => {
      const listener = (trade: FeedTrade): void => {
        this.listeners.delete(listener);
        resolve(trade);
      };
      this.listeners.add(listener);
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      const started = Date.now();
      this.cents += Math.random() < 0.5 ? -1 : 1;
      const price = `${Math.floor(this.cents / 100)}.${String(this.cents % 100).padStart(2, '0')}`;
      const booked = await this.sim.trade(price, '0.01');
      this.lastTrade = { ...booked, price: `${price}000000` };
      for (const listener of [...this.listeners]) listener(this.lastTrade);
      await pause(this.everyMs - (Date.now() - started));
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
