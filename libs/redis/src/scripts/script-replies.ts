/** Reply parsers for LuaScript definitions: each checks the shape instead of casting it. */

function unexpected(what: string, reply: unknown): Error {
  return new Error(`unexpected script reply, wanted ${what}: ${JSON.stringify(reply)}`);
}

export function integerReply(reply: unknown): number {
  if (typeof reply === 'number' && Number.isInteger(reply)) return reply;
  if (typeof reply === 'string' && /^-?\d+$/.test(reply)) return Number(reply);
  throw unexpected('an integer', reply);
}

export function arrayReply(reply: unknown): unknown[] {
  if (!Array.isArray(reply)) throw unexpected('an array', reply);
  return reply as unknown[];
}

/** `{a, b, …}` of integers (Lua numbers come back as integers). */
export function integerListReply(reply: unknown): number[] {
  return arrayReply(reply).map(integerReply);
}

export function nullableStringReply(reply: unknown): string | null {
  if (reply === null || typeof reply === 'string') return reply;
  throw unexpected('a string or nil', reply);
}

export function stringListReply(reply: unknown): string[] {
  return arrayReply(reply).map((item) => {
    if (typeof item !== 'string') throw unexpected('strings', reply);
    return item;
  });
}

/** One of a script's named outcomes, e.g. `'granted' | 'too-many-boosts'`. */
export function oneOfReply<Outcome extends string>(
  outcomes: readonly Outcome[],
): (reply: unknown) => Outcome {
  return (reply) => {
    const outcome = outcomes.find((known) => known === reply);
    if (outcome === undefined) throw unexpected(`one of ${outcomes.join(', ')}`, reply);
    return outcome;
  };
}
