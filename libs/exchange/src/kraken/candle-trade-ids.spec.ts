import type { KrakenCandle, KrakenTrade } from './kraken-frame';
import { CandleTradeIds } from './candle-trade-ids';

const MINUTE = Date.parse('2024-03-01T05:01:00Z');

function trade(tradeId: number, time: number): KrakenTrade {
  return { symbol: 'BTC/USDT', tradeId, price: '1', qty: '1', time };
}

function candle(trades: number, intervalBegin = MINUTE): KrakenCandle {
  return {
    symbol: 'BTC/USDT',
    interval: '1m',
    intervalBegin,
    open: '1',
    high: '1',
    low: '1',
    close: '1',
    volume: '1',
    trades,
  };
}

describe('CandleTradeIds', () => {
  it('gives the exact last trade id when the candle update comes before its trade', () => {
    const ids = new CandleTradeIds(['1m']);
    ids.noteTrade(trade(10, MINUTE - 5));
    ids.noteTrade(trade(11, MINUTE + 1));
    // Kraken counted trade 12 in the candle before the trade channel delivered it.
    expect(ids.idsOf(candle(2))).toEqual({ firstTradeId: 11, lastTradeId: 12 });
    ids.noteTrade(trade(12, MINUTE + 2));
    expect(ids.idsOf(candle(2))).toEqual({ firstTradeId: 11, lastTradeId: 12 });
  });

  it('gives the exact last trade id when the candle update lags its trade', () => {
    const ids = new CandleTradeIds(['1m']);
    ids.noteTrade(trade(10, MINUTE - 5));
    ids.noteTrade(trade(11, MINUTE + 1));
    ids.noteTrade(trade(12, MINUTE + 2));
    expect(ids.idsOf(candle(1))).toEqual({ firstTradeId: 11, lastTradeId: 11 });
  });

  it('falls back to the newest trade seen for a candle that began before the first trade seen', () => {
    const ids = new CandleTradeIds(['1m']);
    ids.noteTrade(trade(50, MINUTE + 10));
    ids.noteTrade(trade(51, MINUTE + 20));
    expect(ids.idsOf(candle(40))).toEqual({ firstTradeId: -1, lastTradeId: 51 });
  });

  it('says -1 before any trade', () => {
    expect(new CandleTradeIds(['1m']).idsOf(candle(3))).toEqual({ firstTradeId: -1, lastTradeId: -1 });
  });
});
