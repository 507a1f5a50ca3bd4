import { type ControlState, handleControlMessage, TOO_MANY_STREAMS } from './control-message';

function state(streams: string[] = [], combined = false): ControlState {
  return { subscriptions: new Set(streams), combined };
}

const send = (connection: ControlState, message: unknown): unknown =>
  handleControlMessage(typeof message === 'string' ? message : JSON.stringify(message), connection);

describe('handleControlMessage (live subscribing)', () => {
  it('subscribes, lists and unsubscribes with Binance replies', () => {
    const connection = state();
    expect(
      send(connection, { method: 'SUBSCRIBE', params: ['btcusdt@trade', 'btcusdt@kline_1m'], id: 1 }),
    ).toEqual({
      result: null,
      id: 1,
    });
    expect(send(connection, { method: 'LIST_SUBSCRIPTIONS', id: 3 })).toEqual({
      result: ['btcusdt@trade', 'btcusdt@kline_1m'],
      id: 3,
    });
    expect(send(connection, { method: 'UNSUBSCRIBE', params: ['btcusdt@kline_1m'], id: 'abc312' })).toEqual({
      result: null,
      id: 'abc312',
    });
    expect(send(connection, { method: 'LIST_SUBSCRIPTIONS', id: null })).toEqual({
      result: ['btcusdt@trade'],
      id: null,
    });
  });

  it('sets and gets the combined property', () => {
    const connection = state();
    expect(send(connection, { method: 'SET_PROPERTY', params: ['combined', true], id: 5 })).toEqual({
      result: null,
      id: 5,
    });
    expect(connection.combined).toBe(true);
    expect(send(connection, { method: 'GET_PROPERTY', params: ['combined'], id: 2 })).toEqual({
      result: true,
      id: 2,
    });
  });

  it('subscribes to a stream the sim has no events for, as Binance does', () => {
    const connection = state();
    expect(send(connection, { method: 'SUBSCRIBE', params: ['btcusdt@depth'], id: 8 })).toEqual({
      result: null,
      id: 8,
    });
    expect([...connection.subscriptions]).toEqual(['btcusdt@depth']);
  });

  it('asks for the connection to close on a SUBSCRIBE beyond 1024 streams', () => {
    const connection = state(Array.from({ length: 1020 }, (_, index) => `s${index}@trade`));
    const params = ['a@trade', 'b@trade', 'c@trade', 'd@trade'];
    expect(send(connection, { method: 'SUBSCRIBE', params, id: 1 })).toEqual({ result: null, id: 1 });
    expect(send(connection, { method: 'SUBSCRIBE', params: ['e@trade'], id: 2 })).toBe(TOO_MANY_STREAMS);
    expect(connection.subscriptions.size).toBe(1024);
  });

  it('answers bad requests with the documented error codes', () => {
    const connection = state(['btcusdt@trade']);
    expect(send(connection, 'not json')).toEqual({
      error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' },
    });
    expect(send(connection, { method: 'SUBSCRIBE', params: ['btcusdt@trade', 7], id: 7 })).toEqual({
      error: { code: 2, msg: 'Invalid request: invalid stream' },
      id: 7,
    });
    expect(
      send(connection, { method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 'not-alphanumeric!' }),
    ).toEqual({
      error: { code: 2, msg: 'Invalid request: request ID must be an unsigned integer' },
    });
    expect(send(connection, { method: 'SUBSCRIBE', params: ['btcusdt@trade'] })).toMatchObject({
      error: { code: 2 },
    });
    const text = '{"params":[],"id":1}';
    expect(send(connection, text)).toEqual({
      error: { code: 2, msg: `Invalid request: missing field \`method\` at line 1 column ${text.length}` },
    });
    expect(send(connection, '{"method":"SUBSCRIBEX","params":[],"id":1}')).toEqual({
      error: {
        code: 2,
        msg: 'Invalid request: unknown variant `SUBSCRIBEX`, expected one of `SUBSCRIBE`, `UNSUBSCRIBE`, `LIST_SUBSCRIPTIONS`, `SET_PROPERTY`, `GET_PROPERTY` at line 1 column 22',
      },
      id: 1,
    });
    expect(send(connection, { method: 'LIST_SUBSCRIPTIONS', params: ['x'], id: 4 })).toEqual({
      error: { code: 2, msg: 'Invalid request: too many parameters' },
      id: 4,
    });
    expect(send(connection, { method: 'GET_PROPERTY', params: ['size'], id: 6 })).toEqual({
      error: { code: 0, msg: 'Unknown property' },
      id: 6,
    });
    expect(send(connection, { method: 'SET_PROPERTY', params: ['combined', 'yes'], id: 8 })).toEqual({
      error: { code: 1, msg: 'Invalid value type: expected Boolean' },
      id: 8,
    });
    expect(send(connection, { method: 'GET_PROPERTY', params: [1], id: 9 })).toEqual({
      error: { code: 2, msg: 'Invalid request: property name must be a string' },
      id: 9,
    });
    expect([...connection.subscriptions]).toEqual(['btcusdt@trade']);
  });
});
