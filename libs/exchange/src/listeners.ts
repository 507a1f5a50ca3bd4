type Listener<T> = (payload: T) => void;

/** A small typed event registry (Node's EventEmitter is untyped for payloads). */
export class Listeners<Events> {
  private readonly sets: { [K in keyof Events]?: Set<Listener<Events[K]>> } = {};

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const set = this.sets[event] ?? new Set<Listener<Events[K]>>();
    this.sets[event] = set;
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.sets[event];
    if (!set) return;
    for (const listener of set) listener(payload);
  }

  clear(): void {
    for (const key of Object.keys(this.sets)) Reflect.deleteProperty(this.sets, key);
  }
}
