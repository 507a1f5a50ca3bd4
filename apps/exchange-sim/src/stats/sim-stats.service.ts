import { Injectable } from '@nestjs/common';

export interface RequestCounters {
  restRequests: number;
  klinesRequests: number;
  weightUsed: number;
  rateLimited: number;
  banned: number;
  /** Stream connections accepted, and refused over the connection-rate limit (HTTP 429). */
  connectionsOpened: number;
  connectionsRefused: number;
}

/** What the sim's clients did, for tests that prove a worker stays within Binance's limits. */
@Injectable()
export class SimStatsService {
  private counters: RequestCounters = zero();

  get requests(): Readonly<RequestCounters> {
    return this.counters;
  }

  countRequest(path: string): void {
    this.counters.restRequests += 1;
    if (path === '/api/v3/klines' || path === '/0/public/OHLC') this.counters.klinesRequests += 1;
  }

  countWeight(weight: number): void {
    this.counters.weightUsed += weight;
  }

  countRateLimited(): void {
    this.counters.rateLimited += 1;
  }

  countBanned(): void {
    this.counters.banned += 1;
  }

  countConnection(admitted: boolean): void {
    if (admitted) this.counters.connectionsOpened += 1;
    else this.counters.connectionsRefused += 1;
  }

  reset(): void {
    this.counters = zero();
  }
}

function zero(): RequestCounters {
  return {
    restRequests: 0,
    klinesRequests: 0,
    weightUsed: 0,
    rateLimited: 0,
    banned: 0,
    connectionsOpened: 0,
    connectionsRefused: 0,
  };
}
