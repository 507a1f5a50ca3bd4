import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where one file of a page comes from and what it is. */
export interface PageFile {
  readonly path: string;
  readonly contentType: string;
}

/** One file of a page, read once and kept in memory (they are small and never change at run time). */
interface LoadedFile {
  readonly body: Buffer;
  readonly contentType: string;
  /** Strong validator, so a browser revalidating (`Cache-Control: no-cache`) gets a 304. */
  readonly etag: string;
}

/**
 * Everything comes from this gateway: scripts and styles only from files, connections only to the
 * host that served the page (WebSockets included), no frames, plugins, forms elsewhere or base tag.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
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
  'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
  // The file names are not versioned: a browser may keep them, but asks (cheaply, by ETag) each time.
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  // A key or a mailed token may be in the page's address; it must not travel in a Referer header.
  'Referrer-Policy': 'no-referrer',
} as const;

export const CONTENT_TYPES = {
  html: 'text/html; charset=utf-8',
  script: 'text/javascript; charset=utf-8',
  style: 'text/css; charset=utf-8',
} as const;

/**
 * The repository root: the nearest folder above with a package.json. The page files are read from
 * `apps/gateway/public` there, the same from `src` (tests) and from `dist`: the build's swc would
 * compile a copied script as a module, so the copy in `dist` is not what the browser should get.
 */
function repositoryRoot(from: string): string {
  let folder = from;
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${from}`);
    folder = parent;
  }
  return folder;
}

/** A folder of `apps/gateway/public`. */
export function publicFolder(name: string): string {
  return join(repositoryRoot(__dirname), 'apps/gateway/public', name);
}

/** The files of the gateway's pages, each read on first use and answered with the pages' headers. */
@Injectable()
export class PageFiles {
  private readonly loaded = new Map<string, Promise<LoadedFile>>();

  async send(file: PageFile, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const loaded = await this.get(file);
    reply.headers(HEADERS).header('ETag', loaded.etag);
    if (request.headers['if-none-match'] === loaded.etag) {
      await reply.code(304).send();
      return;
    }
    await reply.type(loaded.contentType).send(loaded.body);
  }

  /** A failed read is not cached, so a fixed install recovers. */
  private get(file: PageFile): Promise<LoadedFile> {
    let loaded = this.loaded.get(file.path);
    if (!loaded) {
      loaded = load(file);
      this.loaded.set(file.path, loaded);
      void loaded.catch(() => this.loaded.delete(file.path));
    }
    return loaded;
  }
}

async function load({ path, contentType }: PageFile): Promise<LoadedFile> {
  const body = await readFile(path);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, contentType, etag };
}
