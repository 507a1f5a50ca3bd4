import { BINANCE_REST_URL, BINANCE_WS_URL } from '../binance/binance-adapter';
import { BINANCE_US_REST_URL, BINANCE_US_WS_URL } from '../binance-us/binance-us-adapter';
import type { ExchangeName } from '../exchange-name';
import { KRAKEN_REST_URL, KRAKEN_WS_URL } from '../kraken/kraken-endpoints';

/** One exchange and where to reach it. */
export interface ExchangeEndpoint {
  readonly name: ExchangeName;
  readonly wsUrl: string;
  readonly restUrl: string;
}

/** Each exchange's public market-data hosts, the defaults of its `<NAME>_WS_URL`/`<NAME>_REST_URL`. */
export const PUBLIC_ENDPOINTS: Readonly<Record<ExchangeName, ExchangeEndpoint>> = {
  binance: { name: 'binance', wsUrl: BINANCE_WS_URL, restUrl: BINANCE_REST_URL },
  'binance-us': { name: 'binance-us', wsUrl: BINANCE_US_WS_URL, restUrl: BINANCE_US_REST_URL },
  kraken: { name: 'kraken', wsUrl: KRAKEN_WS_URL, restUrl: KRAKEN_REST_URL },
};

/** The prefix of an exchange's endpoint settings: `binance-us` → `BINANCE_US_`. */
export function settingPrefixOf(name: ExchangeName): string {
  return `${name.toUpperCase().replaceAll('-', '_')}_`;
}
