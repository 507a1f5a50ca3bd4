/** Stripe's error types, as `error.type` of an error body. */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';

export interface StripeErrorBody {
  readonly error: {
    readonly type: StripeErrorType;
    readonly message: string;
    readonly code?: string;
    readonly param?: string;
    readonly decline_code?: string;
    readonly doc_url?: string;
  };
}

/** An answer in Stripe's error shape; thrown by handlers and rendered by the server's error handler. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'StripeError';
  }

  get body(): StripeErrorBody {
    const docUrl = this.code
      ? { doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` }
      : {};
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
        ...docUrl,
      },
    };
  }
}

/** 400 `parameter_invalid_*` or `parameter_missing` with the parameter named, as Stripe answers bad input. */
export function invalidParam(param: string, message: string, code = 'parameter_invalid_string'): StripeError {
  return new StripeError(400, 'invalid_request_error', message, code, param);
}

export function missingParam(param: string): StripeError {
  return new StripeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
}

/**
 * `resource_missing`: "No such customer: 'cus_x'", naming the parameter that held the id; 404 for the
 * id in the path, 400 for an id passed as a parameter (as Stripe answers both).
 */
export function noSuch(kind: string, id: string, param = 'id'): StripeError {
  const status = param === 'id' ? 404 : 400;
  return new StripeError(
    status,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );
}

/** 402 `card_error` `card_declined`: a charge the request made was declined (Stripe's answer to a declined card). */
export function cardDeclined(): StripeError {
  return new StripeError(
    402,
    'card_error',
    'Your card was declined.',
    'card_declined',
    undefined,
    'generic_decline',
  );
}
