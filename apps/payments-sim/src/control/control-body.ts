import type { DeliveryAction, DeliveryRule } from '../webhooks/delivery-rules';

/** A control call's bad body: 400 `{"error":"..."}` (controls are the simulator's own, not Stripe's). */
export class ControlError extends Error {}

function optionalInteger(body: Record<string, unknown>, key: string, min: number): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new ControlError(`${key} must be an integer ≥ ${min}`);
  }
  return value;
}

export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ControlError('the body must be a JSON object');
  return body as Record<string, unknown>;
}

/** `{type?, count?, ms?}` for the webhook fault controls. */
export function readRule(action: DeliveryAction, raw: unknown): DeliveryRule {
  const body = objectBody(raw);
  const unknown = Object.keys(body).find((key) => !['type', 'count', 'ms'].includes(key));
  if (unknown) throw new ControlError(`unknown field ${unknown}`);
  if (body.type !== undefined && (typeof body.type !== 'string' || !/^[a-z_.]+$/.test(body.type))) {
    throw new ControlError('type must be an event type such as invoice.paid');
  }
  const count = optionalInteger(body, 'count', 1);
  const ms = optionalInteger(body, 'ms', 0);
  if (action === 'delay' && ms === undefined) throw new ControlError('ms is required for delay');
  return {
    action,
    ...(body.type !== undefined ? { type: body.type } : {}),
    ...(count !== undefined ? { count } : {}),
    ...(ms !== undefined ? { ms } : {}),
  };
}

export function readSeconds(raw: unknown): number {
  const seconds = optionalInteger(objectBody(raw), 'seconds', 1);
  if (seconds === undefined) throw new ControlError('seconds is required');
  return seconds;
}
