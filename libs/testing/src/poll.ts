/**
 * Polls `probe` until it returns a value (not undefined); for state that changes without an event to
 * await. The bound is a log wait's (60 s): CI's shared machine has stalled a whole process for 20 s.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Matches a JSON log line by its `msg` and the given fields, for `RunningApp.waitForLog`. */
export function isMsg(msg: string, fields: Record<string, unknown> = {}) {
  return (entry: Record<string, unknown>): boolean =>
    entry.msg === msg && Object.entries(fields).every(([key, value]) => entry[key] === value);
}
