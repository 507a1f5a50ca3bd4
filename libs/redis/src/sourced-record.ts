/**
 * The latest price and each open kline are stored with the exchange they came from, so an answer's
 * `X-Price-Source` is read from the same record as its value (CONTRACT section 11): the value's JSON
 * with one more, last field, `"source":"<exchange>"`. Readers split it off the tail without parsing.
 */
const SOURCE_FIELD = ',"source":"';
const EXCHANGE_NAME = /^[a-z][a-z-]*$/;

/** A stored record: the value's JSON as served, and the exchange it came from. */
export interface SourcedRecord {
  readonly json: string;
  /** Undefined for a record written before the field existed, or by a writer without it. */
  readonly source: string | undefined;
}

/** `json` (a JSON object) with `source` as its last field. */
export function withSource(json: string, source: string): string {
  return `${json.slice(0, -1)}${SOURCE_FIELD}${source}"}`;
}

export function splitSource(record: string): SourcedRecord {
  const at = record.endsWith('"}') ? record.lastIndexOf(SOURCE_FIELD) : -1;
  const source = at < 0 ? undefined : record.slice(at + SOURCE_FIELD.length, -2);
  if (source === undefined || !EXCHANGE_NAME.test(source)) return { json: record, source: undefined };
  return { json: `${record.slice(0, at)}}`, source };
}
