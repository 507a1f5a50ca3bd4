type Listener<T> = (value: T) => void;

/** A small typed event emitter that works the same in Node and in browsers. */
export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Adds `listener`; the function returned removes it. */
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
    return () => {
      this.off(name, listener);
    };
  }

  off<K extends keyof Events>(name: K, listener: Listener<Events[K]>): void {
    this.listeners.get(name)?.delete(listener);
  }

  protected listenerCount(name: keyof Events): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  /** A listener that throws does not stop the stream: its error is rethrown on its own turn. */
  protected emit<K extends keyof Events>(name: K, value: Events[K]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        (listener as Listener<Events[K]>)(value);
      } catch (error) {
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }
}
