import { dirname, resolve } from 'node:path';
import { CONTENT_TYPES, type PageFile } from './page-files';

/** The package's `exports` map does not list the standalone file, but it does list package.json. */
function chartLibraryPath(): string {
  const packageFolder = dirname(require.resolve('lightweight-charts/package.json'));
  return resolve(packageFolder, 'dist/lightweight-charts.standalone.production.js');
}

/** lightweight-charts' standalone (global `LightweightCharts`) build, for the pages with a chart. */
export const CHART_LIBRARY: PageFile = { path: chartLibraryPath(), contentType: CONTENT_TYPES.script };
