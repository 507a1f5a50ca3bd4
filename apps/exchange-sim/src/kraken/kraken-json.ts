/**
 * JSON text with numbers written exactly as given: Kraken's WebSocket v2 sends prices and volumes as
 * JSON numbers (`97123.4`), and going through a JavaScript number could print them otherwise.
 */
export class JsonNumber {
  constructor(readonly text: string) {}
}

export function num(text: string | number | bigint): JsonNumber {
  return new JsonNumber(String(text));
}

type JsonValue = JsonNumber | string | number | boolean | null | undefined | JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** Serialises like JSON.stringify (key order kept, undefined members left out), JsonNumbers verbatim. */
export function toJsonText(value: JsonValue): string {
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .map(([key, member]) => `${JSON.stringify(key)}:${toJsonText(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
