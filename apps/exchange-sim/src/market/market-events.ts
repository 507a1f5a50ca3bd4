import type { SimKline } from './kline';

/** The one symbol the sim lists. */
export const SIM_SYMBOL = 'BTCUSDT';

/** A trade as the streams publish it: decimals already in Binance's 8-decimal form. */
export interface SimTrade {
  readonly id: number;
  /** Every trade is its own aggregate trade (one taker order per fill), with an id of its own. */
  readonly aggregateId: number;
  readonly price: string;
  readonly quantity: string;
  readonly time: number;
  readonly buyerIsMaker: boolean;
}

export type TradeListener = (trade: SimTrade) => void;
export type KlineClosedListener = (kline: SimKline) => void;

/** A set of listeners; adding returns the function that removes the listener again. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
}
