import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { BinanceError } from './binance-error';

/** Answers a BinanceError the way Binance does: its HTTP status and `{code, msg}` body. */
@Catch(BinanceError)
export class BinanceErrorFilter implements ExceptionFilter<BinanceError> {
  catch(error: BinanceError, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.sent) return;
    void reply.code(error.status).type('application/json').send(error.body);
  }
}
