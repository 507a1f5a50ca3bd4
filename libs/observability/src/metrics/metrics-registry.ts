import { collectDefaultMetrics, Registry } from 'prom-client';

/** One registry per process, with Node's process metrics (CPU, memory, event-loop lag, GC). */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}
