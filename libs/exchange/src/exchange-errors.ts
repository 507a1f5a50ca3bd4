/** The exchange answered a REST request with a failure status. */
export class ExchangeHttpError extends Error {
  constructor(
    readonly status: number,
    /** The exchange's own error code and message (Binance: `{"code":-1121,"msg":"Invalid symbol."}`). */
    readonly exchangeCode: number | undefined,
    readonly exchangeMessage: string | undefined,
  ) {
    super(`Exchange answered ${status}${exchangeMessage === undefined ? '' : `: ${exchangeMessage}`}`);
    this.name = 'ExchangeHttpError';
  }
}

/**
 * 429 (request weight exceeded) or 418 (IP banned for ignoring 429s). Nothing may be sent to the
 * exchange's REST API before `retryAfterSeconds` have passed; ignoring a 429 is what leads to a ban.
 */
export class ExchangeRateLimitError extends ExchangeHttpError {
  constructor(
    status: 429 | 418,
    /** From the `Retry-After` header; undefined if the exchange did not send one. */
    readonly retryAfterSeconds: number | undefined,
    readonly usedWeight: number | undefined,
    exchangeCode?: number,
    exchangeMessage?: string,
  ) {
    super(status, exchangeCode, exchangeMessage);
    this.name = 'ExchangeRateLimitError';
  }

  get banned(): boolean {
    return this.status === 418;
  }
}

/** The exchange answered 200 with a body that does not have the documented shape. */
export class ExchangeResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExchangeResponseError';
  }
}
