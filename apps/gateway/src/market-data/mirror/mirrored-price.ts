/** The latest price as Redis holds it (Price JSON), or undefined when there is none yet. */
export class MirroredPrice {
  private latest: string | undefined;

  get json(): string | undefined {
    return this.latest;
  }

  install(snapshot: string | null): void {
    this.latest = snapshot ?? undefined;
  }

  /** Each message on the price channel is the new latest price, stored before it was published. */
  apply(message: string): void {
    this.latest = message;
  }
}
