import type { AdapterOptions } from '../exchange-adapter';
import { BinanceAdapter, type BinanceVenue, DEFAULT_STREAM_TUNING } from '../binance/binance-adapter';

// Facts from binance-us/binance-us-api-docs (web-socket-streams.md, rest-api.md); see the README.
export const BINANCE_US_WS_URL = 'wss://stream.binance.us:9443';
export const BINANCE_US_REST_URL = 'https://api.binance.us';

export const BINANCE_US_VENUE: BinanceVenue = {
  name: 'binance-us',
  wsUrl: BINANCE_US_WS_URL,
  restUrl: BINANCE_US_REST_URL,
  streamTuning: {
    ...DEFAULT_STREAM_TUNING,
    // "A single connection to stream.binance.us is only valid for 24 hours": replace it at 23 h 50 m,
    // as on Binance. Binance.US documents no connection-rate limit; its 5 incoming messages a second
    // (pongs included) are far above one autoPong per 3-minute server ping. We keep Binance's 300
    // connections per 5 minutes, since Binance.US bans IPs that are disconnected repeatedly.
    connectionsPer5Minutes: 300,
  },
};

/**
 * Binance.US: Binance's wire format (same combined stream, same kline rows and trade payloads) on
 * Binance.US's hosts, with its own limits: REST weight 1200 a minute (Binance: 6000), kline
 * stream pushes every 2 s, a server ping every 3 minutes.
 */
export class BinanceUsAdapter extends BinanceAdapter {
  constructor(options: AdapterOptions = {}) {
    super(options, BINANCE_US_VENUE);
  }
}
