import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Injectable } from '@nestjs/common';

/** One file of the demo page, read once and kept in memory (they are small and never change at run time). */
export interface DemoAsset {
  readonly body: Buffer;
  readonly contentType: string;
  /** Strong validator, so a browser revalidating (`Cache-Control: no-cache`) gets a 304. */
  readonly etag: string;
}

export type DemoAssetName = 'page' | 'script' | 'style' | 'chartLibrary';

/**
 * The repository root: the nearest folder above with a package.json. The page files are read from
 * `apps/gateway/public` there, the same from `src` (tests) and from `dist`: the build's swc would
 * compile a copied `app.js` as a module, so the copy in `dist` is not what the browser should get.
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

const PUBLIC_FOLDER = join(repositoryRoot(__dirname), 'apps/gateway/public/demo');

/** Where each file comes from; the chart library is the npm package's standalone (global) build. */
function locate(name: DemoAssetName): { path: string; contentType: string } {
  switch (name) {
    case 'page':
      return { path: join(PUBLIC_FOLDER, 'index.html'), contentType: 'text/html; charset=utf-8' };
    case 'script':
      return { path: join(PUBLIC_FOLDER, 'app.js'), contentType: 'text/javascript; charset=utf-8' };
    case 'style':
      return { path: join(PUBLIC_FOLDER, 'app.css'), contentType: 'text/css; charset=utf-8' };
    case 'chartLibrary': {
      // The package's `exports` map does not list the standalone file, but it does list package.json.
      const packageFolder = dirname(require.resolve('lightweight-charts/package.json'));
      return {
        path: resolve(packageFolder, 'dist/lightweight-charts.standalone.production.js'),
        contentType: 'text/javascript; charset=utf-8',
      };
    }
  }
}

@Injectable()
export class DemoAssets {
  private readonly loaded = new Map<DemoAssetName, Promise<DemoAsset>>();

  /** The file, read on first use; a failed read is not cached, so a fixed install recovers. */
  get(name: DemoAssetName): Promise<DemoAsset> {
    let asset = this.loaded.get(name);
    if (!asset) {
      asset = load(name);
      this.loaded.set(name, asset);
      void asset.catch(() => this.loaded.delete(name));
    }
    return asset;
  }
}

async function load(name: DemoAssetName): Promise<DemoAsset> {
  const { path, contentType } = locate(name);
  const body = await readFile(path);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, contentType, etag };
}
