import { Controller, Get, Query } from '@nestjs/common';
import { MarketService } from '../../market/market.service';
import { KrakenMarket } from '../kraken-market';
import { isKrakenInterval, isKrakenPair, KRAKEN_PAIR, OHLC_WINDOW } from '../kraken-wire';
import { RecentTrades } from '../recent-trades';
import {
  failed,
  INVALID_ARGUMENTS,
  integerParameter,
  type KrakenAnswer,
  ok,
  queryValue,
  UNKNOWN_PAIR,
} from './kraken-answer';
import { KRAKEN_ASSET_PAIRS, KRAKEN_ASSETS } from './kraken-assets';
import { emptyOhlcRow, type OhlcRow, ohlcRow, type TradeRow, tradeRow } from './kraken-rows';
import { type KrakenTicker, krakenTicker } from './kraken-ticker';

type RawQuery = Record<string, unknown>;
const NANOS_PER_MS = 1_000_000n;

/** Kraken's public market-data REST API for BTC/USDT, answered as Kraken answers it. */
@Controller('0/public')
export class KrakenRestController {
  constructor(
    private readonly market: MarketService,
    private readonly kraken: KrakenMarket,
    private readonly trades: RecentTrades,
  ) {}

  @Get('Time')
  time(): KrakenAnswer<{ unixtime: number; rfc1123: string }> {
    const now = this.market.now();
    return ok({ unixtime: Math.floor(now / 1000), rfc1123: new Date(now).toUTCString() });
  }

  @Get('SystemStatus')
  status(): KrakenAnswer<{ status: string; timestamp: string }> {
    return ok({ status: 'online', timestamp: new Date(this.market.now()).toISOString().slice(0, 19) + 'Z' });
  }

  @Get('Assets')
  assets(): KrakenAnswer<typeof KRAKEN_ASSETS> {
    return ok(KRAKEN_ASSETS);
  }

  @Get('AssetPairs')
  assetPairs(@Query() query: RawQuery): KrakenAnswer<typeof KRAKEN_ASSET_PAIRS> {
    const pair = queryValue(query, 'pair');
    if (pair !== undefined && !pair.split(',').every(isKrakenPair)) return failed(UNKNOWN_PAIR);
    return ok(KRAKEN_ASSET_PAIRS);
  }

  @Get('Ticker')
  ticker(@Query() query: RawQuery): KrakenAnswer<Record<string, KrakenTicker>> {
    const pair = queryValue(query, 'pair');
    if (pair !== undefined && !isKrakenPair(pair)) return failed(UNKNOWN_PAIR);
    this.market.sync();
    return ok({ [KRAKEN_PAIR]: krakenTicker(this.market, this.trades.last) });
  }

  /**
   * The latest 720 entries of the interval with time after `since` (seconds, exclusive), and always
   * the entry still open (empty, at the last price, while nothing traded in it); `last` is the newest
   * committed (closed) entry's time, the next `since`.
   */
  @Get('OHLC')
  ohlc(@Query() query: RawQuery): KrakenAnswer<Record<string, OhlcRow[] | number>> {
    const pair = queryValue(query, 'pair');
    if (pair === undefined || pair === '') return failed(INVALID_ARGUMENTS);
    if (!isKrakenPair(pair)) return failed(UNKNOWN_PAIR);
    const interval = integerParameter(query, 'interval') ?? 1;
    const since = integerParameter(query, 'since');
    if (!isKrakenInterval(interval) || Number.isNaN(since)) return failed(INVALID_ARGUMENTS);
    const now = this.market.now();
    const entries = this.kraken.latest(interval);
    const newest = entries.at(-1);
    const open = newest && newest.closeTime >= now ? newest : undefined;
    // 720 entries with the open one: an empty open entry takes the place of the oldest.
    const committed = open ? entries.slice(0, -1) : entries.slice(1 - OHLC_WINDOW);
    const rows = committed
      .filter((entry) => since === undefined || entry.openTime / 1000 > since)
      .map(ohlcRow);
    rows.push(open ? ohlcRow(open) : emptyOhlcRow(interval, now, this.market.lastPrice()));
    const last = committed.at(-1)?.openTime ?? 0;
    return ok({ [KRAKEN_PAIR]: rows, last: last / 1000 });
  }

  /** The last trades (up to `count`, 1000 at most) after `since` (nanoseconds, exclusive). */
  @Get('Trades')
  recentTrades(@Query() query: RawQuery): KrakenAnswer<Record<string, TradeRow[] | string>> {
    const pair = queryValue(query, 'pair');
    if (pair === undefined || pair === '') return failed(INVALID_ARGUMENTS);
    if (!isKrakenPair(pair)) return failed(UNKNOWN_PAIR);
    const sinceText = queryValue(query, 'since');
    const count = integerParameter(query, 'count') ?? 1000;
    if (Number.isNaN(count) || (sinceText !== undefined && !/^\d{1,20}$/.test(sinceText))) {
      return failed(INVALID_ARGUMENTS);
    }
    const sinceMs = sinceText === undefined ? 0 : Number(BigInt(sinceText) / NANOS_PER_MS);
    const trades = this.trades.after(sinceMs, Math.max(1, Math.min(count, 1000)));
    const lastTime = trades.at(-1)?.time ?? sinceMs;
    return ok({ [KRAKEN_PAIR]: trades.map(tradeRow), last: String(BigInt(lastTime) * NANOS_PER_MS) });
  }
}
