import type { StreamKline } from '@pds/exchange';
import type { Kline, Trade } from '@pds/market';

/** Shared by the interval kline's specs: a minute, its 01:02 slot, a trade, a 1m push. */
export const MINUTE = 60_000;
export const T0 = Date.UTC(2026, 10, 22, 1, 2); // 2026-11-22T01:02:00.000Z

export function trade(id: number, price: string, quantity: string, time: number): Trade {
  return { id, price, quantity, time };
}

/** The exchange's 1m push of the kline opened at `openTime`, its trades up to `lastTradeId`. */
export function push(
  openTime: number,
  lastTradeId: number,
  kline: Partial<Kline> = {},
  eventTime = openTime + 2000,
): StreamKline {
  return {
    interval: '1m',
    eventTime,
    openTime,
    firstTradeId: 1,
    lastTradeId,
    kline: {
      openTime: new Date(openTime).toISOString(),
      closeTime: new Date(openTime + MINUTE - 1).toISOString(),
      open: '100.00000000',
      high: '110.00000000',
      low: '90.00000000',
      close: '105.00000000',
      volume: '1.00000000',
      trades: 10,
      isClosed: false,
      ...kline,
    },
  };
}
