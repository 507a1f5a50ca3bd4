import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DEFAULT_SYMBOL } from '@pds/market';
import {
  type ExchangeStatus,
  parseExchangeStatus,
  REDIS_COMMAND,
  type RedisClient,
  RedisKeys,
} from '@pds/redis';
import { ChangeSubscriber, type Unsubscribe } from '../../changes/change-subscriber';

/** A failed read of the status is tried again after this long (Redis away or slow). */
const READ_RETRY_MS = 1000;

/**
 * Which exchange the served market data comes from, as the ingestor leader publishes it (CONTRACT
 * section 11), held in memory: read at start and after every reconnect, then kept by its channel.
 * The price operations name it in `X-Price-Source`; readiness names it with each exchange's state.
 */
@Injectable()
export class PriceSource implements OnModuleInit, OnApplicationShutdown {
  private current: ExchangeStatus | undefined;
  private readonly subscriptions: Unsubscribe[] = [];
  private stopped = false;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    private readonly changes: ChangeSubscriber,
  ) {}

  /** The serving exchange's name, once the ingestor has published one. */
  get exchange(): string | undefined {
    return this.current?.source;
  }

  get status(): ExchangeStatus | undefined {
    return this.current;
  }

  onModuleInit(): void {
    this.subscriptions.push(
      this.changes.subscribe(this.keys.exchangeStatusChannel(DEFAULT_SYMBOL), (message) => {
        this.current = parseExchangeStatus(message) ?? this.current;
      }),
      this.changes.onResubscribed(() => {
        void this.read();
      }),
    );
    void this.read();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    for (const unsubscribe of this.subscriptions) unsubscribe();
  }

  /** A message that arrives while the read is on its way is newer: the read does not overwrite it. */
  private async read(): Promise<void> {
    const before = this.current;
    try {
      const stored = parseExchangeStatus(await this.redis.get(this.keys.exchangeStatus(DEFAULT_SYMBOL)));
      if (this.current === before && stored) this.current = stored;
    } catch {
      if (!this.stopped) setTimeout(() => void this.read(), READ_RETRY_MS).unref();
    }
  }
}
