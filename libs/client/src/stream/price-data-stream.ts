import { errorFromBody, InternalError, isErrorBody, type PriceDataError } from '../errors';
import type { Kline, KlinesResponse } from '../rest/price-operations';
import { Emitter } from './emitter';
import { KlineWindow } from './kline-window';
import { MessageQueue } from './message-queue';
import { closeOutcome, type ReconnectOptions, reconnectDelay } from './reconnect-policy';
import {
  STREAM_PATHS,
  type StreamEvents,
  type StreamKind,
  type StreamKinds,
  type StreamMessage,
  streamQuery,
  type StreamState,
} from './stream-types';
import { closeAnswered, parseFrame, type WebSocketFactory, type WebSocketLike } from './websocket';

const CLOSE_WAIT_MS = 2_000;

export interface StreamSettings extends ReconnectOptions {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly webSocket: WebSocketFactory;
  /** `klines` only: keep at most this many klines in the window (default: the query's `limit`, or 500). */
  readonly windowSize?: number;
}

/**
 * One WebSocket operation that stays connected: snapshot, then updates; after a drop it waits
 * (exponential backoff, full jitter), connects again and delivers the new snapshot. Read it with
 * `for await` or with `on('message', …)`; `close()` ends it.
 */
export class PriceDataStream<K extends StreamKind> extends Emitter<StreamEvents<K>> {
  private current: WebSocketLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private stateNow: StreamState = 'connecting';
  private readonly queues = new Set<MessageQueue<StreamMessage<K>>>();
  private readonly window: KlineWindow | undefined;

  constructor(
    readonly kind: K,
    private readonly params: StreamKinds[K]['params'],
    private readonly settings: StreamSettings,
  ) {
    super();
    const limit = (params as { limit?: number | null; from?: string | null }).limit ?? 500;
    const followsLatest = (params as { from?: string | null }).from == null;
    if (kind === 'klines' || kind === 'indexKlines')
      this.window = new KlineWindow(settings.windowSize ?? (followsLatest ? limit : undefined));
    // Listeners and iterators attached in the same turn as the call see the first snapshot.
    setTimeout(() => {
      this.connect();
    }, 0);
  }

  get state(): StreamState {
    return this.stateNow;
  }

  /** `klines`: the upserted window (ascending by openTime); empty for the other kinds. */
  get klines(): readonly Kline[] {
    return this.window?.klines ?? [];
  }

  [Symbol.asyncIterator](): AsyncIterator<StreamMessage<K>> {
    const queue = new MessageQueue<StreamMessage<K>>(() => {
      this.queues.delete(queue);
      if (this.queues.size === 0) void this.close();
    });
    if (this.isOver()) queue.end();
    else this.queues.add(queue);
    return queue;
  }

  /**
   * Closes the socket (1000) and stops reconnecting; iterators finish. Resolves once the server
   * has answered the close (its connection slot is free), or after 2 s without an answer.
   */
  close(): Promise<void> {
    if (this.isOver()) return Promise.resolve();
    clearTimeout(this.timer);
    const socket = this.current;
    this.current = undefined;
    const answered = socket ? closeAnswered(socket, CLOSE_WAIT_MS) : Promise.resolve();
    socket?.close(1000, 'closed by the client');
    this.finish('closed', undefined, undefined);
    return answered;
  }

  private isOver(): boolean {
    return this.stateNow === 'closed' || this.stateNow === 'failed';
  }

  private connect(): void {
    if (this.isOver()) return;
    this.setState('connecting');
    const url = new URL(STREAM_PATHS[this.kind], this.settings.baseUrl.replace(/^http/, 'ws'));
    url.search = streamQuery(this.kind, this.params, this.window?.latestOpenTime).toString();
    Promise.resolve(this.settings.webSocket(url.toString(), this.settings.apiKey)).then(
      (socket) => {
        this.follow(socket);
      },
      (error: unknown) => {
        this.fail(new InternalError({ code: 'NO_WEBSOCKET', message: String(error) }));
      },
    );
  }

  private follow(socket: WebSocketLike): void {
    if (this.isOver()) {
      socket.close(1000, 'closed by the client');
      return;
    }
    this.current = socket;
    let errorFrame: unknown;
    let live = false;
    socket.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (frame === undefined) return; // not JSON: nothing the contract sends, so nothing to deliver
      if (isErrorBody(frame)) {
        // The close that follows decides what to do; an index second without a value has no close.
        if (frame.code !== 'INDEX_UNAVAILABLE') errorFrame = frame;
        return;
      }
      if (!live) this.becomeLive();
      this.deliver(live ? 'update' : 'snapshot', frame as StreamKinds[K]['frame']);
      live = true;
    };
    socket.onerror = () => undefined; // a close event always follows
    socket.onclose = (event) => {
      if (this.current !== socket) return; // closed by us, or replaced
      this.current = undefined;
      this.closed(event.code, event.reason, errorFrame);
    };
  }

  private becomeLive(): void {
    const attempt = this.attempt;
    this.attempt = 0;
    this.setState('live');
    this.emit('connect', { attempt });
  }

  private deliver(type: 'snapshot' | 'update', data: StreamKinds[K]['frame']): void {
    if (this.window) this.window.upsert((data as KlinesResponse).klines);
    const message = (
      this.window ? { type, data, window: this.window.klines } : { type, data }
    ) as StreamMessage<K>;
    for (const queue of this.queues) queue.push(message);
    this.emit('message', message);
  }

  private closed(code: number, reason: string, errorFrame: unknown): void {
    const outcome = closeOutcome(code);
    const error = errorFrame === undefined ? undefined : errorFromBody(errorFrame, { closeCode: code });
    const attemptsLeft = this.attempt < (this.settings.maxReconnects ?? Infinity);
    if (outcome === 'finished' || outcome === 'refused' || !attemptsLeft) {
      this.emit('disconnect', { code, reason, error, willRetry: false, delayMs: undefined });
      if (outcome === 'finished') this.finish('closed', code, undefined);
      else
        this.fail(
          error ??
            errorFromBody(
              { code: reason || 'DISCONNECTED', message: `closed with ${code}` },
              { closeCode: code },
            ),
          code,
        );
      return;
    }
    const delayMs = reconnectDelay(this.attempt, outcome, this.settings);
    this.emit('disconnect', { code, reason, error, willRetry: true, delayMs });
    this.setState('reconnecting');
    this.timer = setTimeout(() => {
      this.attempt += 1;
      this.emit('reconnect', { attempt: this.attempt });
      this.connect();
    }, delayMs);
  }

  private fail(error: PriceDataError, code?: number): void {
    this.emit('error', error);
    this.finish('failed', code, error);
  }

  private finish(
    state: 'closed' | 'failed',
    code: number | undefined,
    error: PriceDataError | undefined,
  ): void {
    this.setState(state);
    for (const queue of this.queues) queue.end(error);
    this.queues.clear();
    this.emit('close', { code });
  }

  private setState(state: StreamState): void {
    if (this.stateNow === state) return;
    this.stateNow = state;
    this.emit('state', state);
  }
}
