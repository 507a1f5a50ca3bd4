import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { HISTORY_JOB_OPTIONS, HISTORY_QUEUE, HistoryJobName } from '@pds/redis';
import type { Queue } from 'bullmq';
import { gaugeReadAtScrape } from '@pds/observability';
import { Counter, Gauge, Registry } from 'prom-client';

/** Job states whose counts are the queue's depth. */
const DEPTH_STATES = ['waiting', 'active', 'delayed'] as const;
/** A scrape must never hang on a Redis that does not answer (BullMQ's connection waits forever). */
const DEPTH_TIMEOUT_MS = 1000;

export type JobOutcome = 'completed' | 'failed';

/** The cache worker's metrics: jobs, repairs, queue depth, and its use of the exchange's REST API. */
@Injectable()
export class CacheMetrics {
  private readonly jobs: Counter<'queue' | 'name' | 'outcome'>;
  private readonly failedAttempts: Counter<'queue' | 'name' | 'attempt'>;
  private readonly gapsRepaired: Counter;
  /** Unknown (the gauge absent) until the exchange first reports it. */
  private weightUsed: number | undefined;
  private readonly exchangeRequests: Counter<'status'>;
  private readonly refused: Counter<'exchange' | 'reason'>;

  constructor(registry: Registry, @InjectQueue(HISTORY_QUEUE) queue: Queue) {
    this.jobs = new Counter({
      name: 'pds_cache_jobs_total',
      help: 'History jobs this worker finished, by queue, job name and outcome',
      labelNames: ['queue', 'name', 'outcome'],
      registers: [registry],
    });
    this.failedAttempts = failedAttemptsCounter(registry, queue.name);
    this.gapsRepaired = new Counter({
      name: 'pds_cache_gaps_repaired_total',
      help: 'Gaps of the live data this worker repaired (repair-gap jobs completed)',
      registers: [registry],
    });
    gaugeReadAtScrape({
      registry,
      name: 'pds_exchange_weight_used',
      help: "The exchange's used request weight of this IP in its current minute, as last reported; absent before the first report",
      read: () => this.weightUsed,
    });
    this.exchangeRequests = new Counter({
      name: 'pds_exchange_requests_total',
      help: 'REST requests this worker sent to the exchange, by HTTP status (or error kind)',
      labelNames: ['status'],
      registers: [registry],
    });
    this.refused = refusedCounter(registry);
    new Gauge({
      name: 'pds_cache_queue_depth',
      help: 'Jobs of the queue by state, counted at each scrape (absent when Redis did not answer)',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        const counts = await jobCounts(queue);
        for (const state of DEPTH_STATES) {
          const count = counts?.[state];
          if (count !== undefined) this.set({ queue: queue.name, state }, count);
        }
      },
    });
  }

  jobFinished(queue: string, name: string, outcome: JobOutcome): void {
    this.jobs.inc({ queue, name, outcome });
    if (outcome === 'completed' && name === HistoryJobName.RepairGap) this.gapsRepaired.inc();
  }

  /** `attempt`: BullMQ's attemptsMade, at most the jobs' attempts (5), so the label stays small. */
  attemptFailed(queue: string, name: string, attempt: number): void {
    this.failedAttempts.inc({ queue, name, attempt: String(attempt) });
  }

  /** `status`: EXCHANGE_OK or exchangeFailureStatus(error). */
  exchangeAnswered(status: string): void {
    this.exchangeRequests.inc({ status });
  }

  /** A value of a REST answer refused by a rule of CONTRACT section 11 (`reason`: RefusalReason). */
  valueRefused(exchange: string, reason: string): void {
    this.refused.inc({ exchange, reason });
  }

  usedWeightReported(usedWeight: number | undefined): void {
    if (usedWeight !== undefined) this.weightUsed = usedWeight;
  }
}

/** Every series from the start, at 0: "no failure yet" is an answer, not an absent series. */
function failedAttemptsCounter(registry: Registry, queue: string): Counter<'queue' | 'name' | 'attempt'> {
  const counter = new Counter({
    name: 'pds_cache_job_attempts_failed_total',
    help: 'Failed attempts of history jobs (retried or final), by queue, job name and attempt number',
    labelNames: ['queue', 'name', 'attempt'],
    registers: [registry],
  });
  for (const name of Object.values(HistoryJobName)) {
    for (let attempt = 1; attempt <= (HISTORY_JOB_OPTIONS.attempts ?? 1); attempt += 1) {
      counter.inc({ queue, name, attempt: String(attempt) }, 0);
    }
  }
  return counter;
}

async function jobCounts(queue: Queue): Promise<Record<string, number> | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, DEPTH_TIMEOUT_MS, undefined);
  });
  try {
    return await Promise.race([queue.getJobCounts(...DEPTH_STATES), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** CONTRACT section 11, "Untrusted frames": REST klines refused, by exchange and reason. */
function refusedCounter(registry: Registry): Counter<'exchange' | 'reason'> {
  return new Counter({
    name: 'pds_exchange_frames_refused_total',
    help: 'Klines of REST answers refused by the rules of section 11 (never stored), by exchange and reason',
    labelNames: ['exchange', 'reason'],
    registers: [registry],
  });
}
