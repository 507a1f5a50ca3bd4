import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { REFRESH_COOKIE_SCHEME } from '../sessions/account-only.decorator';
import { Public } from '../../public.decorator';
import { refreshTokenOf } from '../sessions/refresh-cookie';

export class SessionProbeDto {
  @ApiProperty({
    description: 'Whether this browser sent a refresh cookie (POST refresh may then sign it in)',
  })
  refreshCookie!: boolean;
}

/**
 * Lets a page ask, without an error answer, whether a refresh is worth trying: the cookie is
 * HttpOnly, so only the server sees it, and a refresh without one is a 401 that browsers report
 * in the console of every first visit.
 */
@ApiTags('auth')
@Public()
@Controller('api/v1/auth/session')
export class SessionProbeController {
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiCookieAuth(REFRESH_COOKIE_SCHEME)
  @ApiOperation({
    operationId: 'probeSession',
    summary: 'Whether the browser holds a refresh cookie (never spends it)',
    description:
      'Reads only whether the HttpOnly refresh cookie was sent; it does not check or spend it. A page calls it on load and refreshes only when it is true.',
  })
  @ApiOkResponse({ type: SessionProbeDto })
  probe(@Req() request: FastifyRequest): SessionProbeDto {
    return { refreshCookie: refreshTokenOf(request) !== undefined };
  }
}
