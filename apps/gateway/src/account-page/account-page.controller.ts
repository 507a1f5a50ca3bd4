import { join } from 'node:path';
import { Controller, Get, HttpStatus, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../public.decorator';
import { ApiException } from '../errors/api-exception';
import { ErrorCode } from '../errors/error-code';
import { CHART_LIBRARY } from '../pages/chart-library';
import { CONTENT_TYPES, type PageFile, PageFiles, publicFolder } from '../pages/page-files';

const FOLDER = publicFolder('account');

/** The page's modules (main.js imports the others). */
export const ACCOUNT_PAGE_SCRIPTS = [
  'api.js',
  'words.js',
  'dom.js',
  'signed-out.js',
  'keys.js',
  'limits.js',
  'usage.js',
  'history.js',
  'subscription.js',
  'invoices.js',
  'past-due.js',
  'plan-change.js',
  'billing.js',
  'main.js',
];

/** The usage chart's library, the same file /demo loads. */
const CHART_LIBRARY_NAME = 'lightweight-charts.js';

/** The page's files by the name the browser asks for; nothing else in the folder is served. */
const FILES: ReadonlyMap<string, PageFile> = new Map([
  ['account.css', { path: join(FOLDER, 'account.css'), contentType: CONTENT_TYPES.style }],
  [CHART_LIBRARY_NAME, CHART_LIBRARY],
  ...ACCOUNT_PAGE_SCRIPTS.map((name): [string, PageFile] => [
    name,
    { path: join(FOLDER, name), contentType: CONTENT_TYPES.script },
  ]),
]);

const PAGE: PageFile = { path: join(FOLDER, 'index.html'), contentType: CONTENT_TYPES.html };

/** The account page for people: sign up and in, keys, usage, plan and boosts, on the account API. */
@ApiExcludeController()
@Public()
@Controller('account')
export class AccountPageController {
  constructor(private readonly files: PageFiles) {}

  @Get()
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.files.send(PAGE, request, reply);
  }

  @Get(':file')
  file(
    @Param('file') name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = FILES.get(name);
    if (!file) {
      throw new ApiException(HttpStatus.NOT_FOUND, {
        code: ErrorCode.NotFound,
        message: 'No such file of the account page',
      });
    }
    return this.files.send(file, request, reply);
  }
}
