import { type Sim, startExchangeSim } from '@pds/testing';
import { kraken } from 'ccxt';

type OhlcRow = [number, string, string, string, string, string, string, number];
type TradeRow = [string, string, number, string, string, string, number];

/**
 * Fidelity: ccxt's own `kraken` class, pointed at the Kraken simulator, loads its markets and reads
 * OHLC, trades and the ticker; what it parses equals what the simulator serves.
 */
describe("exchange-sim as Kraken, read by ccxt's kraken class", () => {
  let sim: Sim;
  let exchange: kraken;

  async function krakenRest<T>(path: string): Promise<T> {
    const answer = (await (await fetch(`${sim.restUrl}/0/public/${path}`)).json()) as {
      error: string[];
      result: T;
    };
    expect(answer.error).toEqual([]);
    return answer.result;
  }

  beforeAll(async () => {
    // The volume revision quirk would make two reads a moment apart differ: off here.
    sim = await startExchangeSim({
      SIM_EXCHANGE: 'kraken',
      SIM_KRAKEN_REVISION_MS: '0',
      SIM_KRAKEN_COUNTER_MAX: '1000',
    });
    exchange = new kraken({ enableRateLimit: false });
    // ccxt builds every public URL as urls.api.public + '/0/public/<Method>'.
    exchange.urls.api = { ...exchange.urls.api, public: sim.restUrl, private: sim.restUrl };
    await exchange.loadMarkets();
  });

  afterAll(async () => {
    await sim.app.stop();
  });

  it('finds BTC/USDT as Kraken lists it: id XBTUSDT, 0.1 price tick, 8-decimal amounts', () => {
    const market = exchange.market('BTC/USDT');
    expect(market).toMatchObject({ id: 'XBTUSDT', base: 'BTC', quote: 'USDT', spot: true, active: true });
    expect(market.precision).toEqual({ price: 0.1, amount: 1e-8 });
  });

  it('fetchOHLCV equals the simulator OHLC rows, the latest 720 entries', async () => {
    const candles = await exchange.fetchOHLCV('BTC/USDT', '5m');
    const result = await krakenRest<{ XBTUSDT: OhlcRow[]; last: number }>('OHLC?pair=XBTUSDT&interval=5');
    const rows = result.XBTUSDT;
    expect(candles).toHaveLength(720);
    // Compare the entries both reads hold (a boundary may pass between them).
    const byTime = new Map(rows.map((row) => [row[0] * 1000, row]));
    const closed = candles.slice(0, -2);
    for (const [time, open, high, low, close, volume] of closed) {
      const row = byTime.get(time ?? 0) as OhlcRow;
      expect([open, high, low, close, volume]).toEqual([row[1], row[2], row[3], row[4], row[6]].map(Number));
    }
  });

  it('fetchTrades returns the trades the simulator booked, ids, prices, amounts and sides', async () => {
    const booked = [await sim.trade('95000.10', '0.01000'), await sim.trade('95000.30', '0.20000')];
    const trades = await exchange.fetchTrades('BTC/USDT');
    const result = await krakenRest<{ XBTUSDT: TradeRow[] }>('Trades?pair=XBTUSDT');
    expect(trades.map((trade) => trade.id)).toEqual(result.XBTUSDT.map((row) => String(row[6])));
    const last = trades.slice(-2);
    expect(last.map((trade) => [trade.id, trade.price, trade.amount, trade.side, trade.timestamp])).toEqual([
      [String(booked[0]?.id), 95000.1, 0.01, 'buy', booked[0]?.time],
      [String(booked[1]?.id), 95000.3, 0.2, 'buy', booked[1]?.time],
    ]);
  });

  it('fetchTicker equals the simulator ticker: last trade, today and the last 24 hours', async () => {
    const booked = await sim.trade('96123.40', '0.30000');
    const ticker = await exchange.fetchTicker('BTC/USDT');
    const result = await krakenRest<{
      XBTUSDT: { c: string[]; v: string[]; h: string[]; l: string[]; o: string };
    }>('Ticker?pair=XBTUSDT');
    const raw = result.XBTUSDT;
    expect(ticker.last).toBe(96123.4);
    expect(ticker.close).toBe(96123.4);
    expect(raw.c).toEqual(['96123.40000', '0.30000000']);
    expect(ticker.baseVolume).toBe(Number(raw.v[1]));
    expect([ticker.high, ticker.low, ticker.open]).toEqual([
      Number(raw.h[1]),
      Number(raw.l[1]),
      Number(raw.o),
    ]);
    expect(booked.time).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
