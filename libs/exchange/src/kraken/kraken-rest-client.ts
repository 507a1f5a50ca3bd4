import type { MarketSymbol } from '@pds/market';
import { ExchangeHttpError, ExchangeRateLimitError, ExchangeResponseError } from '../exchange-errors';
import { isKrakenObject, parseKrakenJson } from './kraken-json';
import { krakenRestPair } from './kraken-endpoints';

export interface KrakenRestOptions {
  readonly baseUrl: string;
  /** A request that has not answered in this time fails (default 10 s). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export interface KrakenAnswer {
  readonly result: unknown;
  /** The exchange's clock at the answer (its `Date` header, else `GET /0/public/Time`). */
  readonly exchangeTime: number;
}

/** `EService: Throttled: <unix time>`: too many concurrent requests, "try again after" that time. */
const THROTTLED = /^EService:\s*Throttled:\s*(\d{1,12})\b/;

/** Seconds from `exchangeTime` (epoch ms) until the resume time a `Throttled` error names, at least 1. */
function throttledForSeconds(errors: readonly string[], exchangeTime: number): number | undefined {
  const resumeAt = errors.map((error) => THROTTLED.exec(error)?.[1]).find((time) => time !== undefined);
  if (resumeAt === undefined) return undefined;
  return Math.max(1, Math.ceil(Number(resumeAt) - exchangeTime / 1000));
}

/**
 * Kraken answers most failures with HTTP 200 and `{"error":["EGeneral:Invalid arguments"]}`. Rate
 * limits (`EAPI:Rate limit exceeded`, `EGeneral:Too many requests`, and `EService: Throttled:
 * <unix time>` with its resume time as `retryAfterSeconds`, counted from `exchangeTime`, the
 * exchange's clock at the answer) become a 429, unavailability (`EService:Unavailable`,
 * `EService:Busy`, maintenance) a 503, a bad request a 400.
 */
export function krakenErrorOf(
  status: number,
  errors: readonly string[],
  exchangeTime = Date.now(),
): ExchangeHttpError {
  const message = errors.join('; ');
  const throttledFor = throttledForSeconds(errors, exchangeTime);
  if (throttledFor !== undefined) {
    return new ExchangeRateLimitError(429, throttledFor, undefined, undefined, message);
  }
  if (status === 429 || errors.some((error) => /rate limit|too many requests/i.test(error))) {
    return new ExchangeRateLimitError(429, undefined, undefined, undefined, message);
  }
  if (status >= 500 || errors.some((error) => error.startsWith('EService:'))) {
    return new ExchangeHttpError(status >= 500 ? status : 503, undefined, message);
  }
  return new ExchangeHttpError(status >= 400 ? status : 400, undefined, message || undefined);
}

function errorsOf(body: unknown): string[] {
  if (!isKrakenObject(body) || !Array.isArray(body.error)) return [];
  return body.error.filter((error): error is string => typeof error === 'string');
}

function parseBody(text: string): unknown {
  try {
    return parseKrakenJson(text);
  } catch {
    return undefined;
  }
}

/** Kraken's public REST API: `GET /0/public/OHLC`, `GET /0/public/Time`. Bodies are read losslessly. */
export class KrakenRestClient {
  private readonly baseUrl: string;

  constructor(private readonly options: KrakenRestOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** `GET /0/public/OHLC?pair=XBTUSDT&interval=<minutes>[&since=<epoch s>]`: entries after `since`. */
  async ohlc(symbol: MarketSymbol, minutes: number, sinceSeconds?: number): Promise<KrakenAnswer> {
    const params = new URLSearchParams({ pair: krakenRestPair(symbol), interval: String(minutes) });
    if (sinceSeconds !== undefined) params.set('since', String(sinceSeconds));
    return this.get('/0/public/OHLC', params);
  }

  /** `GET /0/public/Time` → `{"error":[],"result":{"unixtime":1688669448,"rfc1123":"…"}}`, in ms. */
  async serverTime(): Promise<number> {
    const { result } = await this.get('/0/public/Time', new URLSearchParams(), false);
    const unixtime = isKrakenObject(result) ? Number(String(result.unixtime)) : Number.NaN;
    if (!Number.isSafeInteger(unixtime)) throw new ExchangeResponseError('Time result has no unixtime');
    return unixtime * 1000;
  }

  private async get(path: string, params: URLSearchParams, withTime = true): Promise<KrakenAnswer> {
    const query = params.size > 0 ? `?${params.toString()}` : '';
    const response = await (this.options.fetch ?? fetch)(`${this.baseUrl}${path}${query}`, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      headers: { accept: 'application/json' },
    });
    const body = parseBody(await response.text());
    const errors = errorsOf(body);
    const date = Date.parse(response.headers.get('date') ?? '');
    if (!response.ok || errors.length > 0) {
      throw krakenErrorOf(response.status, errors, Number.isNaN(date) ? Date.now() : date);
    }
    if (!isKrakenObject(body) || !('result' in body))
      throw new ExchangeResponseError(`${path} answered no result`);
    const exchangeTime = !withTime ? 0 : Number.isNaN(date) ? await this.serverTime() : date;
    return { result: body.result, exchangeTime };
  }
}
