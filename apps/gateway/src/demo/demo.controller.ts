import { join, resolve } from 'node:path';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../public.decorator';
import { CHART_LIBRARY } from '../pages/chart-library';
import { CONTENT_TYPES, type PageFile, PageFiles, publicFolder } from '../pages/page-files';

const FOLDER = publicFolder('demo');

/** The service's client for browsers, built by `npm run build` (libs/client/scripts/build.mjs). */
const CLIENT_BUNDLE = resolve(FOLDER, '../../../../dist/client/price-data-client.js');

const FILES = {
  page: { path: join(FOLDER, 'index.html'), contentType: CONTENT_TYPES.html },
  script: { path: join(FOLDER, 'app.js'), contentType: CONTENT_TYPES.script },
  style: { path: join(FOLDER, 'app.css'), contentType: CONTENT_TYPES.style },
  chartLibrary: CHART_LIBRARY,
  client: { path: CLIENT_BUNDLE, contentType: CONTENT_TYPES.script },
} as const satisfies Record<string, PageFile>;

/** The live chart page: static files built on the public WebSocket API, no key needed to load them. */
@ApiExcludeController()
@Public()
@Controller('demo')
export class DemoController {
  constructor(private readonly files: PageFiles) {}

  @Get()
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.files.send(FILES.page, request, reply);
  }

  @Get('app.js')
  script(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.files.send(FILES.script, request, reply);
  }

  @Get('app.css')
  style(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.files.send(FILES.style, request, reply);
  }

  @Get('vendor/lightweight-charts.js')
  chartLibrary(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.files.send(FILES.chartLibrary, request, reply);
  }

  @Get('vendor/price-data-client.js')
  client(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.files.send(FILES.client, request, reply);
  }
}
