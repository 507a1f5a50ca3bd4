import { type SourcedRecord, splitSource } from '@pds/redis';

/**
 * The latest price as Redis holds it: the Price JSON as served, and the exchange stored with it
 * (split once per message, never per request); undefined when there is none yet.
 */
export class MirroredPrice {
  private latest: SourcedRecord | undefined;

  get record(): SourcedRecord | undefined {
    return this.latest;
  }

  install(snapshot: string | null): void {
    this.latest = snapshot === null ? undefined : splitSource(snapshot);
  }

  /** Each message on the price channel is the new latest price, stored before it was published. */
  apply(message: string): void {
    this.latest = splitSource(message);
  }
}
