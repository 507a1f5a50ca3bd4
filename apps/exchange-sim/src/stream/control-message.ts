import { isStreamName } from './stream-name';
import { MAX_STREAMS_PER_CONNECTION } from './stream-path';

/** What a live request may change on its connection. */
export interface ControlState {
  readonly subscriptions: Set<string>;
  combined: boolean;
}

export type RequestId = number | string | null;

export type ControlReply =
  | { readonly result: null | boolean | readonly string[]; readonly id: RequestId }
  | { readonly error: { readonly code: number; readonly msg: string }; readonly id?: RequestId };

/** A SUBSCRIBE beyond MAX_STREAMS_PER_CONNECTION: Binance answers it by closing the connection. */
export const TOO_MANY_STREAMS = 'too-many-streams';

const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'] as const;
type Method = (typeof METHODS)[number];
const STRING_ID = /^[A-Za-z0-9]{1,36}$/;

/** A request that fails: Binance's `{"error": {"code", "msg"}, "id"}` reply. */
class ControlError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Binance's live subscribing protocol on one connection: SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS,
 * SET_PROPERTY and GET_PROPERTY (`combined`), with the replies and error codes of
 * web-socket-streams.md (0 unknown property, 1 bad value type, 2 invalid request, 3 invalid JSON).
 */
export function handleControlMessage(
  text: string,
  state: ControlState,
): ControlReply | typeof TOO_MANY_STREAMS {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (error) {
    const { line, column } = errorPosition(text, error);
    return { error: { code: 3, msg: `Invalid JSON: expected value at line ${line} column ${column}` } };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message) || !('method' in message)) {
    return failure(2, `Invalid request: missing field \`method\` at line 1 column ${text.length}`);
  }
  const request = message as Record<string, unknown>;
  if (!('id' in request) || !isRequestId(request.id)) {
    return failure(2, 'Invalid request: request ID must be an unsigned integer');
  }
  const id = request.id;
  const method = request.method;
  if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method)) {
    const column = text.indexOf(JSON.stringify(method)) + JSON.stringify(method).length;
    return failure(
      2,
      `Invalid request: unknown variant \`${String(method)}\`, expected one of \`SUBSCRIBE\`, \`UNSUBSCRIBE\`, \`LIST_SUBSCRIPTIONS\`, \`SET_PROPERTY\`, \`GET_PROPERTY\` at line 1 column ${column}`,
      id,
    );
  }
  if (method === 'SUBSCRIBE' && exceedsStreams(request.params, state)) return TOO_MANY_STREAMS;
  try {
    return { result: perform(method as Method, request.params, state), id };
  } catch (error) {
    if (error instanceof ControlError) return failure(error.code, error.message, id);
    throw error;
  }
}

function perform(method: Method, params: unknown, state: ControlState): null | boolean | string[] {
  switch (method) {
    case 'SUBSCRIBE':
      for (const stream of streamParams(params)) state.subscriptions.add(stream);
      return null;
    case 'UNSUBSCRIBE':
      for (const stream of streamParams(params)) state.subscriptions.delete(stream);
      return null;
    case 'LIST_SUBSCRIPTIONS':
      if (Array.isArray(params) && params.length > 0)
        throw new ControlError(2, 'Invalid request: too many parameters');
      return [...state.subscriptions];
    case 'SET_PROPERTY': {
      const value = propertyParams(params, 2)[1];
      if (typeof value !== 'boolean') throw new ControlError(1, 'Invalid value type: expected Boolean');
      state.combined = value;
      return null;
    }
    case 'GET_PROPERTY':
      propertyParams(params, 1);
      return state.combined;
  }
}

function streamParams(params: unknown): string[] {
  if (!Array.isArray(params)) throw new ControlError(2, 'Invalid request: missing field `params`');
  const streams = params.filter(isStreamName);
  if (streams.length !== params.length) throw new ControlError(2, 'Invalid request: invalid stream');
  return streams;
}

function exceedsStreams(params: unknown, state: ControlState): boolean {
  if (!Array.isArray(params)) return false;
  const after = new Set([...state.subscriptions, ...params.filter(isStreamName)]);
  return after.size > MAX_STREAMS_PER_CONNECTION;
}

/** `[name, value?]` where the only property Binance knows is `combined`. */
function propertyParams(params: unknown, expected: number): unknown[] {
  if (!Array.isArray(params) || params.length === 0 || typeof params[0] !== 'string') {
    throw new ControlError(2, 'Invalid request: property name must be a string');
  }
  if (params.length > expected) throw new ControlError(2, 'Invalid request: too many parameters');
  if (params[0] !== 'combined') throw new ControlError(0, 'Unknown property');
  return params;
}

function isRequestId(id: unknown): id is RequestId {
  if (id === null) return true;
  if (typeof id === 'number') return Number.isInteger(id);
  return typeof id === 'string' && STRING_ID.test(id);
}

function failure(code: number, msg: string, id?: RequestId): ControlReply {
  return id === undefined ? { error: { code, msg } } : { error: { code, msg }, id };
}

/** Line and column (1-based) of a JSON syntax error, from V8's "at position N" when it gives one. */
function errorPosition(text: string, error: unknown): { line: number; column: number } {
  const match = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  const position = match ? Math.min(Number(match[1]), text.length) : 0;
  const before = text.slice(0, position).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
