/** Every app: what `npm run build` bundles (tools/bundle-apps.ts) and the launcher starts. */
export const APPS = ['gateway', 'ingestor', 'cache', 'exchange-sim', 'payments-sim'] as const;

export type AppName = (typeof APPS)[number];

export function isAppName(name: string): name is AppName {
  return (APPS as readonly string[]).includes(name);
}
