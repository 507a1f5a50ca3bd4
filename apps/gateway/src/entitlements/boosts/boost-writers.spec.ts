import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../../../..');

/** Every source file of the apps and libs, tests and the key builders' own lib left out. */
function sources(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = ['node_modules', 'dist', 'test', '.git', 'generated'].includes(entry.name);
      return skipped ? [] : sources(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [relative(ROOT, path)] : [];
  });
}

const FILES = sources().filter((file) => /^(apps|libs)\//.test(file) && !file.startsWith('libs/redis/'));

/** The files whose code (comments aside) contains `pattern`. */
function filesNaming(pattern: RegExp): string[] {
  return FILES.filter((file) => {
    const code = readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    return pattern.test(code);
  }).sort();
}

describe('boost records', () => {
  it('should be named only by the entitlements: a write to them needs their Redis key', () => {
    expect(filesNaming(/\.(apiKeyBoosts|accountBoosts)\(/)).toEqual([
      'apps/gateway/src/entitlements/boosts/boost.store.ts',
      'libs/billing/src/boost-grant.ts',
    ]);
  });

  it('should be granted by one script, bound in one place', () => {
    expect(filesNaming(/\bGRANT_BOOST\b/)).toEqual([
      'libs/billing/src/boost-grant.lua.ts',
      'libs/billing/src/boost-grant.ts',
    ]);
  });

  it('should be granted through BoostGrants by the gateway entitlements and billing state alone', () => {
    expect(filesNaming(/\bBoostGrants\b/)).toEqual([
      // Nest wiring: the CLI's module provides it for the same BoostStore.
      'apps/gateway/src/cli/keys-cli.module.ts',
      'apps/gateway/src/entitlements/boosts/boost.store.ts',
      'apps/gateway/src/entitlements/entitlements.module.ts',
      'libs/billing/src/account-billing.ts',
      'libs/billing/src/boost-grant.ts',
    ]);
  });

  it('should be ended by one script, bound by the store alone', () => {
    expect(filesNaming(/\bEND_BOOST_SCRIPT\b/)).toEqual([
      'apps/gateway/src/entitlements/boosts/boost.lua.ts',
      'apps/gateway/src/entitlements/boosts/boost.store.ts',
    ]);
  });
});
