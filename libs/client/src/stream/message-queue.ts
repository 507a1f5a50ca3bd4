/** What an async iterator of a stream reads from: messages in order, then the end or a failure. */
export class MessageQueue<T> implements AsyncIterator<T> {
  private readonly items: T[] = [];
  private readonly readers: {
    resolve: (result: IteratorResult<T>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private ended = false;
  private failure: { error: unknown } | undefined;

  constructor(private readonly onReturn: () => void) {}

  push(item: T): void {
    if (this.ended) return;
    const reader = this.readers.shift();
    if (reader) reader.resolve({ value: item, done: false });
    else this.items.push(item);
  }

  /** No more messages; readers waiting get `done`, or `error` when there is one. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) this.failure = { error };
    for (const reader of this.readers.splice(0)) this.settle(reader);
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve({ value: item, done: false });
    if (this.ended)
      return new Promise((resolve, reject) => {
        this.settle({ resolve, reject });
      });
    return new Promise((resolve, reject) => this.readers.push({ resolve, reject }));
  }

  /** Leaving a `for await` loop early ends the stream too. */
  return(): Promise<IteratorResult<T>> {
    this.end();
    this.onReturn();
    return Promise.resolve({ value: undefined, done: true });
  }

  private settle(reader: (typeof this.readers)[number]): void {
    if (this.failure) {
      const { error } = this.failure;
      this.failure = undefined;
      reader.reject(error);
      return;
    }
    reader.resolve({ value: undefined, done: true });
  }
}
