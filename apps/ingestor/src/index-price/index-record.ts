import { INDEX_RULES, type IndexSecond } from './index-rule';

/** The error code of a second without an index (docs/index.md; the gateway answers it as a 503). */
export const INDEX_UNAVAILABLE = 'INDEX_UNAVAILABLE';

/**
 * The stored form of one second, exactly what the gateway serves: the index resource
 * `{price, time, confidence, sources}` when it has a value, else the 503 error body naming how many
 * sources are live (the interface's `{code, message}` shape).
 */
export function indexRecordJson(second: IndexSecond): string {
  const time = new Date(second.time).toISOString();
  if (second.price === undefined || second.confidence === undefined) {
    return JSON.stringify({ code: INDEX_UNAVAILABLE, message: unavailableMessage(second, time) });
  }
  const sources = second.sources.map(({ exchange, price, time: at, included, reason }) =>
    reason === undefined
      ? { exchange, price, time: at, included }
      : { exchange, price, time: at, included, reason },
  );
  return JSON.stringify({ price: second.price, time, confidence: second.confidence, sources });
}

function unavailableMessage(second: IndexSecond, time: string): string {
  const needed = INDEX_RULES.minSources;
  const agreeing = second.sources.filter((source) => source.reason === 'too-few-sources').length;
  const inRange = second.liveSources >= needed ? `, ${agreeing} within range of the others` : '';
  return `No index at ${time}: ${second.liveSources} source(s) live${inRange}; at least ${needed} are needed`;
}
