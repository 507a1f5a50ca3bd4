/** Requests per API operation (`POST /v1/customers`), for tests to see what a client asked. */
export class RequestCounters {
  private counts = new Map<string, number>();

  count(operation: string): void {
    this.counts.set(operation, (this.counts.get(operation) ?? 0) + 1);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  reset(): void {
    this.counts = new Map();
  }
}
