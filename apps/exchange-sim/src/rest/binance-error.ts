import { HttpStatus } from '@nestjs/common';

export const NUMBER_RANGE = '^[0-9]{1,20}$';
export const SYMBOL_RANGE = '^[A-Z0-9-_.]{1,20}$';

/** Binance's error body `{"code": -1121, "msg": "Invalid symbol."}`, with the codes of errors.md. */
export interface BinanceErrorBody {
  readonly code: number;
  readonly msg: string;
}

/** A request Binance would refuse; the filter answers it with the status and body Binance sends. */
export class BinanceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number = HttpStatus.BAD_REQUEST,
  ) {
    super(message);
    this.name = 'BinanceError';
  }

  get body(): BinanceErrorBody {
    return { code: this.code, msg: this.message };
  }

  static illegalChars(parameter: string, legalRange: string): BinanceError {
    return new BinanceError(
      -1100,
      `Illegal characters found in parameter '${parameter}'; legal range is '${legalRange}'.`,
    );
  }

  static duplicateParameter(): BinanceError {
    return new BinanceError(-1101, 'Duplicate values for a parameter detected.');
  }

  static mandatoryMissing(parameter: string): BinanceError {
    return new BinanceError(
      -1102,
      `Mandatory parameter '${parameter}' was not sent, was empty/null, or malformed.`,
    );
  }

  static unreadParameters(read: number, sent: number): BinanceError {
    return new BinanceError(
      -1104,
      `Not all sent parameters were read; read '${read}' parameter(s) but was sent '${sent}'.`,
    );
  }

  static emptyParameter(parameter: string): BinanceError {
    return new BinanceError(-1105, `Parameter '${parameter}' was empty.`);
  }

  static badInterval(): BinanceError {
    return new BinanceError(-1120, 'Invalid interval.');
  }

  static badSymbol(): BinanceError {
    return new BinanceError(-1121, 'Invalid symbol.');
  }

  static invalidParameter(parameter: string): BinanceError {
    return new BinanceError(-1130, `Data sent for parameter '${parameter}' is not valid.`);
  }
}
