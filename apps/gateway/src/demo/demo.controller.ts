import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/public.decorator';
import { type DemoAssetName, DemoAssets } from './demo-assets';

/**
 * Everything comes from this gateway: scripts and styles only from files, WebSockets to any host
 * (the page talks to the one that served it), no frames, plugins, forms elsewhere or base tag.
 */
export const DEMO_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = {
  'Content-Security-Policy': DEMO_CONTENT_SECURITY_POLICY,
  // The file names are not versioned: a browser may keep them, but asks (cheaply, by ETag) each time.
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  // `?key=` may be in the page's address; it must not travel in a Referer header.
  'Referrer-Policy': 'no-referrer',
} as const;

/** The live chart page: static files built on the public WebSocket API, no key needed to load them. */
@ApiExcludeController()
@Public()
@Controller('demo')
export class DemoController {
  constructor(private readonly assets: DemoAssets) {}

  @Get()
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('page', request, reply);
  }

  @Get('app.js')
  script(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('script', request, reply);
  }

  @Get('app.css')
  style(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('style', request, reply);
  }

  @Get('vendor/lightweight-charts.js')
  chartLibrary(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.send('chartLibrary', request, reply);
  }

  private async send(name: DemoAssetName, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const asset = await this.assets.get(name);
    reply.headers(HEADERS).header('ETag', asset.etag);
    if (request.headers['if-none-match'] === asset.etag) {
      await reply.code(304).send();
      return;
    }
    await reply.type(asset.contentType).send(asset.body);
  }
}
