import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthenticatedRequest, Authenticator, principalOfRequest } from '../keys';
import { RequestLimit } from '../rate-limit/request-limit';

/**
 * The checks of every protected operation before its answer, in the contract's order: its API key
 * (401), then its key's limit in the operation's bucket (429); validation (400) follows, by the
 * query pipe. Written here once: Nest's routes run it in ProtectedOperationGuard, the price lane
 * calls it from its handler (bootstrap/lane-routes.ts).
 */
@Injectable()
export class ProtectedOperation {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly limit: RequestLimit,
  ) {}

  /**
   * Authenticates the request's key, leaves its principal on the request (CurrentPrincipal) and
   * counts the request in `bucket` (X-RateLimit-*). Throws or rejects with the refusal; no promise
   * at all when the key is cached and an allotment counts the hit, the price request's common path.
   */
  admit(
    request: FastifyRequest & AuthenticatedRequest,
    reply: FastifyReply,
    bucket: string,
  ): Promise<void> | undefined {
    const found = principalOfRequest(this.authenticator, request);
    if (found instanceof Promise) {
      return found.then((principal) => {
        request.apiKey = principal;
        return this.limit.count(principal, bucket, reply);
      });
    }
    request.apiKey = found;
    return this.limit.count(found, bucket, reply);
  }
}
