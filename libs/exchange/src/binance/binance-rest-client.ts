import { exchangeSymbol, type Interval, type MarketSymbol } from '@pds/market';
import type { KlinePage, KlineRange, RefusedValue } from '../exchange-adapter';
import { ExchangeHttpError, ExchangeRateLimitError, ExchangeResponseError } from '../exchange-errors';
import { readBoundedText } from '../rest-body';
import { serviceNow } from '../service-clock';
import { isJsonObject } from './frame-fields';
import { klinesFromRows } from './kline-rows';

export interface BinanceRestOptions {
  readonly baseUrl: string;
  /** A request that has not answered in this time fails (default 10 s). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** The venue's history start (`EXCHANGE_HISTORY_START_MS`): earlier klines are refused. */
  readonly historyStartMs?: number;
  /** The clock that bounds rows and closes klines: the service's (`serviceNow`) unless a test reads another. */
  readonly now?: () => number;
}

interface Answer {
  readonly body: unknown;
  readonly headers: Headers;
}

function integerHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** `X-MBX-USED-WEIGHT-1M`: the IP's request weight used in the current minute. */
function usedWeightOf(headers: Headers): number | undefined {
  return integerHeader(headers, 'x-mbx-used-weight-1m');
}

function checkRange(range: KlineRange): void {
  const { startTime, endTime, limit } = range;
  for (const [name, value] of [
    ['startTime', startTime],
    ['endTime', endTime],
  ] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new RangeError(`${name} must be epoch milliseconds`);
    }
  }
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) {
    throw new RangeError('limit must be an integer between 1 and 1000');
  }
  if (startTime !== undefined && endTime !== undefined && startTime > endTime) {
    throw new RangeError('startTime must not be later than endTime');
  }
}

/** Binance's public market-data REST API (`GET /api/v3/klines`, `GET /api/v3/time`). */
export class BinanceRestClient {
  private readonly baseUrl: string;

  constructor(private readonly options: BinanceRestOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async fetchKlines(symbol: MarketSymbol, interval: Interval, range: KlineRange = {}): Promise<KlinePage> {
    checkRange(range);
    const params = new URLSearchParams({ symbol: exchangeSymbol(symbol), interval });
    if (range.startTime !== undefined) params.set('startTime', String(range.startTime));
    if (range.endTime !== undefined) params.set('endTime', String(range.endTime));
    if (range.limit !== undefined) params.set('limit', String(range.limit));
    const answer = await this.get('/api/v3/klines', params);
    const exchangeTime = await this.exchangeTimeOf(answer);
    const refused: RefusedValue[] = [];
    const klines = klinesFromRows(answer.body, interval, (this.options.now ?? serviceNow)(), {
      historyStartMs: this.options.historyStartMs,
      refused: (reason, detail) => refused.push({ reason, detail }),
    });
    const usedWeight = usedWeightOf(answer.headers);
    if (refused.length === 0) return { klines, usedWeight, exchangeTime };
    const rows = Array.isArray(answer.body) ? answer.body.length : klines.length;
    return { klines, usedWeight, exchangeTime, refused, rows };
  }

  /** `GET /api/v3/time` → `{"serverTime": 1499827319559}`. */
  async serverTime(): Promise<number> {
    const { body } = await this.get('/api/v3/time', new URLSearchParams());
    if (!isJsonObject(body) || typeof body.serverTime !== 'number') {
      throw new ExchangeResponseError('time response has no serverTime');
    }
    return body.serverTime;
  }

  /** The exchange's clock at the answer: its `Date` header, or its time endpoint if there is none. */
  private async exchangeTimeOf(answer: Answer): Promise<number> {
    const date = Date.parse(answer.headers.get('date') ?? '');
    return Number.isNaN(date) ? this.serverTime() : date;
  }

  private async get(path: string, params: URLSearchParams): Promise<Answer> {
    const query = params.size > 0 ? `?${params.toString()}` : '';
    const fetchFn = this.options.fetch ?? fetch;
    const response = await fetchFn(`${this.baseUrl}${path}${query}`, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      headers: { accept: 'application/json' },
    });
    const text = await readBoundedText(response);
    const body = parseJson(text);
    if (response.ok) {
      if (body === undefined) throw new ExchangeResponseError(`${path} answered a body that is not JSON`);
      return { body, headers: response.headers };
    }
    const code = isJsonObject(body) && typeof body.code === 'number' ? body.code : undefined;
    const message = isJsonObject(body) && typeof body.msg === 'string' ? body.msg : undefined;
    if (response.status === 429 || response.status === 418) {
      const retryAfter = integerHeader(response.headers, 'retry-after');
      throw new ExchangeRateLimitError(
        response.status,
        retryAfter,
        usedWeightOf(response.headers),
        code,
        message,
      );
    }
    throw new ExchangeHttpError(response.status, code, message);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
