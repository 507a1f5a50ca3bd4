import { OffsetClock } from '../market/clock';
import { MarketService } from '../market/market.service';
import { SimEnvironment } from '../sim.environment';
import { MarketStreamPublisher } from './market-stream.publisher';
import type { StreamGateway } from './stream.gateway';

interface Sent {
  readonly stream: string;
  readonly data: { e: string; k?: { i: string; x: boolean; n: number; t: number } };
}

/** A gateway where everyone listens to everything, recording what would go out. */
function recordingGateway(sent: Sent[]): StreamGateway {
  const fake: Pick<StreamGateway, 'hasSubscribers' | 'publish'> = {
    hasSubscribers: () => true,
    publish: (stream, data) => {
      sent.push({ stream, data: data as Sent['data'] });
    },
  };
  return fake as StreamGateway;
}

function setUp(start: string): { market: MarketService; publisher: MarketStreamPublisher; sent: Sent[] } {
  jest.useFakeTimers({ now: Date.parse(start) });
  const env = Object.assign(new SimEnvironment(), { SIM_TRADES_PER_SECOND: 0, SIM_KLINE_PUSH_MS: 2000 });
  const market = new MarketService(env, new OffsetClock(0));
  const sent: Sent[] = [];
  const publisher = new MarketStreamPublisher(market, recordingGateway(sent), env);
  market.start();
  publisher.onApplicationBootstrap();
  return { market, publisher, sent };
}

const klines = (sent: Sent[]): NonNullable<Sent['data']['k']>[] =>
  sent.flatMap((event) => (event.data.k ? [event.data.k] : []));

describe('MarketStreamPublisher on a fake clock', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('streams each trade on @trade and @aggTrade at once', () => {
    const { market, publisher, sent } = setUp('2025-03-01T10:04:30.000Z');
    market.injectTrade({ priceTicks: 9_700_012, quantitySteps: 50_000, buyerIsMaker: false });
    expect(sent.map((event) => event.stream)).toEqual(['btcusdt@trade', 'btcusdt@aggTrade']);
    publisher.onModuleDestroy();
    market.stop();
  });

  it('pushes open klines every 2 s while trades happen, and nothing while none do', () => {
    const { market, publisher, sent } = setUp('2025-03-01T10:04:30.000Z');
    jest.advanceTimersByTime(4000);
    expect(klines(sent)).toEqual([]);
    market.injectTrade({ priceTicks: 9_700_012, quantitySteps: 50_000, buyerIsMaker: false });
    jest.advanceTimersByTime(2000);
    const pushed = klines(sent);
    expect(pushed.map((kline) => kline.i)).toEqual(['1m', '5m', '15m', '30m', '1h', '4h', '6h', '12h', '1d']);
    expect(pushed.every((kline) => !kline.x)).toBe(true);
    jest.advanceTimersByTime(2000);
    expect(klines(sent)).toHaveLength(9);
    publisher.onModuleDestroy();
    market.stop();
  });

  it('pushes the final kline (x: true) when the interval ends, even after a quiet minute', () => {
    const { market, publisher, sent } = setUp('2025-03-01T10:04:30.000Z');
    market.injectTrade({ priceTicks: 9_700_012, quantitySteps: 50_000, buyerIsMaker: false });
    jest.advanceTimersByTime(30_000);
    const firstClose = klines(sent).filter((kline) => kline.x);
    expect(firstClose.map((kline) => [kline.i, kline.n])).toEqual([
      ['1m', 1],
      ['5m', expect.any(Number)],
    ]);
    // 10:05–10:06 has no trade: its close still goes out, empty.
    jest.advanceTimersByTime(60_000);
    const quiet = klines(sent).filter(
      (kline) => kline.x && kline.t === Date.parse('2025-03-01T10:05:00.000Z'),
    );
    expect(quiet).toEqual([expect.objectContaining({ i: '1m', n: 0, x: true })]);
    publisher.onModuleDestroy();
    market.stop();
  });
});
