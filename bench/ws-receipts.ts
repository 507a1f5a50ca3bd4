/**
 * Every receipt of a window, as (frame id, epoch ms) in typed arrays: a million receipts a window
 * as numbers in arrays per frame kept the client process's garbage collector busy.
 */
export class Receipts {
  private frameIds = new Int32Array(1 << 20);
  private times = new Float64Array(1 << 20);
  size = 0;

  add(frameId: number, receivedAt: number): void {
    if (this.size === this.frameIds.length) this.grow();
    this.frameIds[this.size] = frameId;
    this.times[this.size] = receivedAt;
    this.size += 1;
  }

  *entries(): Generator<[number, number]> {
    for (let index = 0; index < this.size; index += 1) {
      yield [this.frameIds[index] ?? -1, this.times[index] ?? 0];
    }
  }

  private grow(): void {
    const frameIds = new Int32Array(this.frameIds.length * 2);
    const times = new Float64Array(this.times.length * 2);
    frameIds.set(this.frameIds);
    times.set(this.times);
    this.frameIds = frameIds;
    this.times = times;
  }
}
