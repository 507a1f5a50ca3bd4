import { exchangeSymbol, type MarketSymbol } from '@pds/market';
import { malformed, type StreamFrame, unexpected } from '../stream/stream-frame';
import type { FrameDecoder, StreamWireFormat } from '../stream/wire-format';
import { streamKlineOf, streamTradeOf } from './binance-events';
import type { BinanceFrame, RejectReason } from './binance-frame';
import { combinedStreamUrl } from './binance-stream-names';
import { parseBinanceFrame } from './parse-binance-frame';

/** Well-formed frames this stream did not ask for; every other rejection is a malformed frame. */
const UNEXPECTED_REASONS: ReadonlySet<RejectReason> = new Set([
  'unknown-event',
  'unsupported-interval',
  'stream-mismatch',
]);

/** Binance's frame in the engine's terms; events of another symbol are unexpected. */
export function streamFrameOfBinance(frame: BinanceFrame, symbol: MarketSymbol): StreamFrame {
  switch (frame.kind) {
    case 'trade':
    case 'kline': {
      if (frame.event.symbol !== exchangeSymbol(symbol)) return unexpected(`symbol ${frame.event.symbol}`);
      return frame.kind === 'trade'
        ? { kind: 'trades', trades: [streamTradeOf(frame.event)] }
        : { kind: 'klines', klines: [streamKlineOf(frame.event)] };
    }
    case 'serverShutdown':
      return { kind: 'shutdown' };
    case 'subscriptionResult':
      return { kind: 'ack' };
    case 'aggTrade':
      return unexpected('aggTrade');
    case 'errorReply':
      return { kind: 'errorReply', message: `${frame.code}: ${frame.message}` };
    case 'rejected':
      return UNEXPECTED_REASONS.has(frame.reason)
        ? unexpected(`${frame.reason}: ${frame.detail}`)
        : malformed(`${frame.reason}: ${frame.detail}`);
  }
}

/**
 * Binance's market streams (also Binance.US's, on its own hosts): one combined connection whose URL
 * subscribes to everything, so nothing is sent on open; the server pings every 20 s and wants the
 * payload echoed, which ws does with autoPong (Binance asks for no application-level ping).
 */
export const binanceWireFormat: StreamWireFormat = {
  streamUrl: combinedStreamUrl,
  subscribeMessages: () => [],
  createDecoder: (symbol: MarketSymbol): FrameDecoder => ({
    decode: (text) => streamFrameOfBinance(parseBinanceFrame(text), symbol),
  }),
  ping: { autoPong: true },
};
