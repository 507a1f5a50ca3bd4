import { KRAKEN_PAIR } from '../kraken-wire';

/** GET /0/public/Assets: the two assets of the pair, as Kraken lists them. */
export const KRAKEN_ASSETS = {
  XXBT: { aclass: 'currency', altname: 'XBT', decimals: 10, display_decimals: 5, status: 'enabled' },
  USDT: { aclass: 'currency', altname: 'USDT', decimals: 8, display_decimals: 4, status: 'enabled' },
};

const TAKER_FEES = [
  [0, 0.4],
  [10000, 0.35],
  [50000, 0.24],
  [100000, 0.22],
  [250000, 0.2],
  [500000, 0.18],
  [1000000, 0.16],
];
const MAKER_FEES = [
  [0, 0.25],
  [10000, 0.2],
  [50000, 0.14],
  [100000, 0.12],
  [250000, 0.1],
  [500000, 0.08],
  [1000000, 0.06],
];

/** GET /0/public/AssetPairs: BTC/USDT's entry, the fields ccxt's loadMarkets reads among them. */
export const KRAKEN_ASSET_PAIRS = {
  [KRAKEN_PAIR]: {
    altname: 'XBTUSDT',
    wsname: 'XBT/USDT',
    aclass_base: 'currency',
    base: 'XXBT',
    aclass_quote: 'currency',
    quote: 'USDT',
    lot: 'unit',
    cost_decimals: 5,
    pair_decimals: 1,
    lot_decimals: 8,
    lot_multiplier: 1,
    leverage_buy: [2, 3],
    leverage_sell: [2, 3],
    fees: TAKER_FEES,
    fees_maker: MAKER_FEES,
    fee_volume_currency: 'ZUSD',
    margin_call: 80,
    margin_stop: 40,
    ordermin: '0.00005',
    costmin: '0.5',
    tick_size: '0.1',
    status: 'online',
  },
};
