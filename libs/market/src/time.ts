/** The interface's timestamp form: ISO 8601 UTC with milliseconds and `Z`. */
export function toIsoTime(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

export function fromIsoTime(iso: string): number {
  return Date.parse(iso);
}
