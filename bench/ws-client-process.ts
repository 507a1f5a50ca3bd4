import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import type { OpenOptions, OpenProgress, RecordedWindow } from './ws-clients';

export type ToClients =
  | {
      readonly type: 'open';
      readonly options: OpenOptions;
      readonly redisUrl: string;
      readonly priceChannel: string;
      /** The channel the clients' stream follows. */
      readonly channel: string;
    }
  | { readonly type: 'start' }
  | { readonly type: 'stop' }
  | { readonly type: 'close' };

export type FromClients =
  | { readonly type: 'progress'; readonly progress: OpenProgress }
  | { readonly type: 'opened'; readonly progress: OpenProgress }
  | { readonly type: 'recorded'; readonly window: RecordedWindow; readonly progress: OpenProgress }
  | { readonly type: 'failed'; readonly error: string };

type Reply<T extends FromClients['type']> = Extract<FromClients, { type: T }>;

/** One client process (bench/ws-client-worker), driven by commands; every wait has a deadline. */
export class ClientProcess {
  private readonly child: ChildProcess;
  private readonly exited: Promise<unknown>;

  /** `execArgv`: node's own options for the client process (e.g. --cpu-prof). */
  constructor(onProgress: (progress: OpenProgress) => void, execArgv: readonly string[] = []) {
    this.child = fork(resolve(__dirname, 'ws-client-worker.js'), [], {
      stdio: 'inherit',
      execArgv: [...execArgv],
    });
    this.exited = once(this.child, 'exit');
    this.child.on('message', (message: FromClients) => {
      if (message.type === 'progress') onProgress(message.progress);
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Resolves with the outcome of opening, or rejects after `deadlineMs` (the clients keep trying). */
  async open(
    command: Omit<Extract<ToClients, { type: 'open' }>, 'type'>,
    deadlineMs: number,
  ): Promise<OpenProgress> {
    const opened = this.next('opened', deadlineMs);
    this.child.send({ type: 'open', ...command });
    return (await opened).progress;
  }

  start(): void {
    this.child.send({ type: 'start' });
  }

  async stop(deadlineMs: number): Promise<Reply<'recorded'>> {
    const recorded = this.next('recorded', deadlineMs);
    this.child.send({ type: 'stop' });
    return recorded;
  }

  /** Closes the sockets and waits for the process to leave (killed if it does not in time). */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    if (this.child.connected) this.child.send({ type: 'close' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  private next<T extends FromClients['type']>(type: T, deadlineMs: number): Promise<Reply<T>> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        settle();
        reject(new Error(`client process: no '${type}' within ${deadlineMs} ms`));
      }, deadlineMs);
      const listener = (message: FromClients): void => {
        if (message.type === 'failed') {
          settle();
          reject(new Error(`client process: ${message.error}`));
        } else if (message.type === type) {
          settle();
          resolvePromise(message as Reply<T>);
        }
      };
      const onExit = (): void => {
        settle();
        reject(new Error(`client process exited while waiting for '${type}'`));
      };
      const settle = (): void => {
        clearTimeout(timer);
        this.child.off('message', listener);
        this.child.off('exit', onExit);
      };
      this.child.on('message', listener);
      this.child.once('exit', onExit);
    });
  }
}
