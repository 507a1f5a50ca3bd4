import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { ExchangeRateLimitError } from '@pds/exchange';
import { AppLogger } from '@pds/observability';
import { REDIS_COMMAND, type RedisClient, RedisKeys, RedisScripts } from '@pds/redis';
import { CacheEnvironment } from '../cache.environment';
import { CacheMetrics } from '../metrics/cache-metrics';
import { EXCHANGE_OK, exchangeFailureStatus } from '../metrics/exchange-status';
import { ShutdownSignal } from '../shutdown-signal';
import { EXCHANGE_ACQUIRE_SCRIPT, EXCHANGE_PAUSE_SCRIPT } from './exchange-gate.lua';
import { isWaitReason, WaitReason, waitReasonName } from './exchange-wait';

/** One second more than a minute: a request's send time at the exchange may lag its reservation. */
const WINDOW_MS = 61_000;
/** The REST client gives up after 10 s; a worker that died mid-request frees its slot after this. */
const IN_FLIGHT_SLOT_MS = 15_000;
/** A waiting worker looks again at least this often (the pause or the budget may change). */
const MAX_SLEEP_MS = 5_000;
/** Without a Retry-After header, wait a whole minute. */
const DEFAULT_RETRY_AFTER_S = 60;
/** 429s in a row for one request before its job gives up for now (and retries with backoff). */
const MAX_RATE_LIMITED = 3;

/**
 * The one place that lets REST requests reach the exchange, for all cache workers together:
 * - a weight budget per sliding minute (EXCHANGE_WEIGHT_PER_MINUTE), reserved before each request;
 * - at most EXCHANGE_MAX_IN_FLIGHT requests at once, so a burst can earn at most that many 429s
 *   before every worker has stopped;
 * - on 429/418 a shared pause until Retry-After has passed: no worker sends anything before.
 */
@Injectable()
export class ExchangeGate {
  private readonly acquireBudget;
  private readonly extendPause;

  constructor(
    @Inject(REDIS_COMMAND) private readonly redis: RedisClient,
    scripts: RedisScripts,
    private readonly keys: RedisKeys,
    private readonly env: CacheEnvironment,
    private readonly logger: AppLogger,
    private readonly shutdown: ShutdownSignal,
    private readonly metrics: CacheMetrics,
  ) {
    this.acquireBudget = scripts.bind(EXCHANGE_ACQUIRE_SCRIPT);
    this.extendPause = scripts.bind(EXCHANGE_PAUSE_SCRIPT);
  }

  /** Sends `request` (of REST weight `weight`) when the budget allows; waits out 429s. */
  async run<T>(weight: number, request: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.acquire(weight);
      try {
        const answer = await request();
        this.metrics.exchangeAnswered(EXCHANGE_OK);
        return answer;
      } catch (error) {
        this.metrics.exchangeAnswered(exchangeFailureStatus(error));
        if (!(error instanceof ExchangeRateLimitError)) throw error;
        await this.pauseForRateLimit(error);
        if (attempt >= MAX_RATE_LIMITED) throw error;
      } finally {
        await this.release(token);
      }
    }
  }

  /**
   * The exchange reported the weight this IP used in its current minute; if that leaves no room for
   * another request of ours (someone else shares the IP), wait until its next minute.
   */
  async observeUsedWeight(
    usedWeight: number | undefined,
    exchangeTime: number,
    weight: number,
  ): Promise<void> {
    this.metrics.usedWeightReported(usedWeight);
    if (usedWeight === undefined || usedWeight + weight <= this.env.EXCHANGE_WEIGHT_PER_MINUTE) return;
    const msToNextMinute = 60_000 - (exchangeTime % 60_000) + 1000;
    await this.pause(msToNextMinute, { reason: 'used-weight', usedWeight });
  }

  private async acquire(weight: number): Promise<string> {
    const token = `${this.env.CACHE_WORKER_ID}|${randomUUID()}`;
    let logged = false;
    for (;;) {
      const [waitMs, reason] = await this.acquireBudget(
        [this.keys.exchangeWeight(), this.keys.exchangeInFlight(), this.keys.exchangePausedUntil()],
        weight,
        this.env.EXCHANGE_WEIGHT_PER_MINUTE,
        WINDOW_MS,
        this.env.EXCHANGE_MAX_IN_FLIGHT,
        IN_FLIGHT_SLOT_MS,
        token,
      );
      if (waitMs === undefined || reason === undefined || !isWaitReason(reason)) return token;
      if (!logged && reason !== WaitReason.InFlight) {
        logged = true;
        this.logger.info({ reason: waitReasonName(reason), waitMs }, 'exchange-wait');
      }
      await sleep(Math.min(waitMs, MAX_SLEEP_MS), undefined, { signal: this.shutdown.signal });
    }
  }

  private async release(token: string): Promise<void> {
    // A failed release is harmless: the slot's lease expires on its own.
    await this.redis.zrem(this.keys.exchangeInFlight(), token).catch(() => 0);
  }

  private async pauseForRateLimit(error: ExchangeRateLimitError): Promise<void> {
    this.metrics.usedWeightReported(error.usedWeight);
    const seconds = error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S;
    await this.pause(seconds * 1000, {
      reason: error.banned ? 'banned' : 'rate-limited',
      status: error.status,
      retryAfterSeconds: error.retryAfterSeconds,
      usedWeight: error.usedWeight,
    });
  }

  private async pause(ms: number, fields: Record<string, unknown>): Promise<void> {
    const left = await this.extendPause([this.keys.exchangePausedUntil()], Math.ceil(ms));
    const level = fields.reason === 'banned' ? 'error' : 'warn';
    this.logger[level]({ ...fields, pausedMs: left }, 'exchange-paused');
  }
}
