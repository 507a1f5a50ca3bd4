import type { JsonObject } from '../kraken-json';
import { isKrakenInterval, KRAKEN_WS_SYMBOL, type KrakenInterval } from '../kraken-wire';

/** A subscription of one connection: the trade channel, or the ohlc channel of one interval. */
export type Subscription = { channel: 'trade' } | { channel: 'ohlc'; interval: KrakenInterval };

export function subscriptionKey(subscription: Subscription): string {
  return subscription.channel === 'trade' ? 'trade' : `ohlc:${subscription.interval}`;
}

export interface RequestOutcome {
  readonly replies: JsonObject[];
  /** Subscriptions made by the request whose snapshot is due after the acknowledgement. */
  readonly snapshots: Subscription[];
}

interface RequestContext {
  readonly subscriptions: Set<string>;
  readonly timeIn: string;
  readonly timeOut: () => string;
}

/**
 * Answers one client message as Kraken's v2 server does: `ping` with `pong`, `subscribe` and
 * `unsubscribe` with one acknowledgement per symbol (`success` and `result`, or `error`), carrying
 * `time_in`, `time_out` and the client's `req_id`.
 */
export function handleRequest(text: string, context: RequestContext): RequestOutcome {
  const message = parseObject(text);
  const times = (): JsonObject => ({ time_in: context.timeIn, time_out: context.timeOut() });
  if (!message) return answer([{ error: 'Malformed request', success: false, ...times() }]);
  const reqId = typeof message.req_id === 'number' ? message.req_id : undefined;
  const method = message.method;
  if (method === 'ping') return answer([{ method: 'pong', req_id: reqId, ...times() }]);
  if (method !== 'subscribe' && method !== 'unsubscribe') {
    return answer([
      { error: 'Method not found', method: stringOr(method), success: false, ...times(), req_id: reqId },
    ]);
  }
  const reply = (fields: JsonObject): JsonObject => ({ method, ...fields, ...times(), req_id: reqId });
  const failure = (error: string, symbol?: string): JsonObject => reply({ error, success: false, symbol });
  const params = isObject(message.params) ? message.params : undefined;
  const parsed = params ? parseSubscription(params) : 'Missing parameter: params';
  if (typeof parsed === 'string') return answer([failure(parsed)]);
  const symbols = params?.symbol;
  if (!Array.isArray(symbols) || symbols.length === 0) return answer([failure('Missing parameter: symbol')]);
  const request: SubscriptionRequest = { method, subscription: parsed, snapshot: params?.snapshot !== false };
  return changeSubscriptions(request, symbols.map(stringOr), context.subscriptions, { reply, failure });
}

interface SubscriptionRequest {
  readonly method: 'subscribe' | 'unsubscribe';
  readonly subscription: Subscription;
  readonly snapshot: boolean;
}

interface Replies {
  readonly reply: (fields: JsonObject) => JsonObject;
  readonly failure: (error: string, symbol?: string) => JsonObject;
}

/** One acknowledgement per symbol: only BTC/USDT is listed; twice the same subscription is an error. */
function changeSubscriptions(
  request: SubscriptionRequest,
  symbols: readonly string[],
  subscriptions: Set<string>,
  { reply, failure }: Replies,
): RequestOutcome {
  const { method, subscription, snapshot } = request;
  const key = subscriptionKey(subscription);
  const replies: JsonObject[] = [];
  const snapshots: Subscription[] = [];
  for (const symbol of symbols) {
    const subscribed = subscriptions.has(key);
    if (symbol !== KRAKEN_WS_SYMBOL) replies.push(failure(`Currency pair not supported ${symbol}`, symbol));
    else if (method === 'subscribe' && subscribed) replies.push(failure('Already subscribed', symbol));
    else if (method === 'unsubscribe' && !subscribed) replies.push(failure('Subscription Not Found', symbol));
    else {
      if (method === 'subscribe') subscriptions.add(key);
      else subscriptions.delete(key);
      if (method === 'subscribe' && snapshot) snapshots.push(subscription);
      const shown = method === 'subscribe' ? snapshot : undefined;
      replies.push(reply({ result: { ...resultOf(subscription), snapshot: shown, symbol }, success: true }));
    }
  }
  return { replies, snapshots };
}

function answer(replies: JsonObject[]): RequestOutcome {
  return { replies, snapshots: [] };
}

function parseSubscription(params: Record<string, unknown>): Subscription | string {
  if (params.channel === 'trade') return { channel: 'trade' };
  if (params.channel !== 'ohlc') {
    return params.channel === undefined
      ? 'Missing parameter: channel'
      : `Channel ${stringOr(params.channel)} not supported`;
  }
  const interval = params.interval ?? 1;
  if (typeof interval !== 'number' || !isKrakenInterval(interval)) return 'Invalid interval';
  return { channel: 'ohlc', interval };
}

function resultOf(subscription: Subscription): JsonObject {
  return subscription.channel === 'trade'
    ? { channel: 'trade' }
    : { channel: 'ohlc', interval: subscription.interval };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}
