/**
 * The statistics of one kline over any span, in the integers of libs/market's exchange-units.ts. A 5m kline is the
 * merge of its five 1m bars, a day the merge of its hours: one function builds every interval.
 */
export interface Bar {
  /** Prices in 0.01 ticks. */
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Base volume in 0.00001 steps; quote volumes in 10^-7. */
  readonly volume: bigint;
  readonly quoteVolume: bigint;
  readonly takerBuyVolume: bigint;
  readonly takerBuyQuoteVolume: bigint;
  readonly trades: number;
  /** -1 when the span had no trade. */
  readonly firstTradeId: number;
  readonly lastTradeId: number;
}

/** One trade as the market books it. */
export interface BookedTrade {
  readonly id: number;
  readonly priceTicks: number;
  readonly quantitySteps: number;
  readonly time: number;
  readonly buyerIsMaker: boolean;
}

/**
 * A span without trades: Binance shows it at the previous close, with zero volume and no trades.
 */
export function emptyBar(price: number): Bar {
  return {
    open: price,
    high: price,
    low: price,
    close: price,
    volume: 0n,
    quoteVolume: 0n,
    takerBuyVolume: 0n,
    takerBuyQuoteVolume: 0n,
    trades: 0,
    firstTradeId: -1,
    lastTradeId: -1,
  };
}

function tradeBar(trade: BookedTrade): Bar {
  const quantity = BigInt(trade.quantitySteps);
  const quote = BigInt(trade.priceTicks) * quantity;
  // The taker bought when the buyer was not the resting (maker) order.
  const takerBought = !trade.buyerIsMaker;
  return {
    open: trade.priceTicks,
    high: trade.priceTicks,
    low: trade.priceTicks,
    close: trade.priceTicks,
    volume: quantity,
    quoteVolume: quote,
    takerBuyVolume: takerBought ? quantity : 0n,
    takerBuyQuoteVolume: takerBought ? quote : 0n,
    trades: 1,
    firstTradeId: trade.id,
    lastTradeId: trade.id,
  };
}

/**
 * `earlier` followed by `later`. Empty spans add nothing: the open is the first trade's price, as
 * on Binance, and a span that stayed empty throughout keeps the price it was carried at.
 */
export function mergeBars(earlier: Bar, later: Bar): Bar {
  if (later.trades === 0) return earlier;
  if (earlier.trades === 0) return later;
  return {
    open: earlier.open,
    high: Math.max(earlier.high, later.high),
    low: Math.min(earlier.low, later.low),
    close: later.close,
    volume: earlier.volume + later.volume,
    quoteVolume: earlier.quoteVolume + later.quoteVolume,
    takerBuyVolume: earlier.takerBuyVolume + later.takerBuyVolume,
    takerBuyQuoteVolume: earlier.takerBuyQuoteVolume + later.takerBuyQuoteVolume,
    trades: earlier.trades + later.trades,
    firstTradeId: earlier.firstTradeId,
    lastTradeId: later.lastTradeId,
  };
}

export function withTrade(bar: Bar, trade: BookedTrade): Bar {
  return mergeBars(bar, tradeBar(trade));
}

/** Merge of several consecutive bars, or undefined when there are none. */
export function mergeAll(bars: Iterable<Bar>): Bar | undefined {
  let merged: Bar | undefined;
  for (const bar of bars) merged = merged ? mergeBars(merged, bar) : bar;
  return merged;
}
