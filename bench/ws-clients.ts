import WebSocket from 'ws';

/** Lag samples (receipt − exchange trade time) and frame counts across many sockets. */
export class FanOutRecorder {
  readonly lagMs: number[] = [];
  frames = 0;
  private recording = false;

  constructor(private readonly lagOf: (frame: string, receivedAt: number) => number | undefined) {}

  start(): void {
    this.recording = true;
  }

  stop(): void {
    this.recording = false;
  }

  onFrame(frame: string): void {
    if (!this.recording) return;
    this.frames += 1;
    const lag = this.lagOf(frame, Date.now());
    if (lag !== undefined) this.lagMs.push(lag);
  }
}

/** Opens `count` sockets, `batch` at a time; each resolves after its first frame (the snapshot). */
export async function openClients(
  url: string,
  count: number,
  recorder: FanOutRecorder,
  batch = 250,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let opened = 0; opened < count; opened += batch) {
    const group = Array.from({ length: Math.min(batch, count - opened) }, () => openOne(url, recorder));
    sockets.push(...(await Promise.all(group)));
  }
  return sockets;
}

function openOne(url: string, recorder: FanOutRecorder): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('error', reject);
    socket.once('close', (code) => {
      reject(new Error(`closed with ${code} before the first frame`));
    });
    socket.once('message', () => {
      socket.removeAllListeners('close');
      socket.on('close', () => undefined);
      socket.on('message', (data: Buffer) => {
        recorder.onFrame(data.toString('utf8'));
      });
      resolve(socket);
    });
  });
}

export function closeClients(sockets: readonly WebSocket[]): void {
  for (const socket of sockets) socket.terminate();
}
