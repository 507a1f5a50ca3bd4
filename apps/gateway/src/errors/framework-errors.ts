import type { Socket } from 'node:net';
import { HttpStatus } from '@nestjs/common';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiException, toApiException } from './all-exceptions.filter';
import { ApiException } from './api-exception';
import { ErrorCode } from './error-code';
import { answerRawSocket } from './raw-http-answer';

function badRequest(status: number, message: string): ApiException {
  return new ApiException(status, { code: ErrorCode.ValidationError, message });
}

/** The router's own refusals, answered before any hook or filter runs. */
function frameworkRefusal(error: FastifyError): ApiException {
  if (error.code === 'FST_ERR_BAD_URL') {
    return badRequest(HttpStatus.BAD_REQUEST, 'Malformed URL: invalid percent-encoding');
  }
  return toApiException(error);
}

/** Fastify's `frameworkErrors`: a malformed URL or an over-long parameter, in our shape. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  sendApiException(reply, frameworkRefusal(error));
}

function clientErrorRefusal(code: string): ApiException {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      // HttpStatus has no name for 431 Request Header Fields Too Large.
      return badRequest(431, 'Request line or headers are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return badRequest(HttpStatus.REQUEST_TIMEOUT, 'Request timed out');
    default:
      return badRequest(HttpStatus.BAD_REQUEST, 'Malformed HTTP request');
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (bad header, unknown method, a
 * request line or headers past Node's limit). A client fault, so nothing is logged.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset peer has nothing left to read an answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  answerRawSocket(socket, clientErrorRefusal(error.code));
}
