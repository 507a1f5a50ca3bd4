import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EXCHANGE_SETTING_KEYS } from '@pds/exchange';
import { getMetadataStorage } from 'class-validator';

/** An environment class of an app or tool and the variables it reads. */
export interface EnvironmentSettings {
  /** The file that declares the class, relative to the repository root. */
  readonly file: string;
  readonly className: string;
  readonly settings: readonly string[];
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test', 'public']);

function environmentFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) found.push(...environmentFiles(root, path));
    else if (entry.isFile() && entry.name.endsWith('.environment.ts')) found.push(path);
  }
  return found;
}

type Constructor = abstract new (...args: never[]) => object;

/**
 * The variables a class reads: every validated property (class-validator's metadata covers the
 * inherited ones and the mixins'), and, for classes with the exchange settings, the endpoint
 * variables `readExchangeSettings` reads off the loaded environment without a property of their own.
 */
export function settingsOf(environmentClass: Constructor): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(environmentClass, '', true, false);
  const names = new Set(metadata.map((entry) => entry.propertyName));
  const prototype = environmentClass.prototype as Record<string, unknown>;
  if (typeof prototype.exchangeSettings === 'function')
    for (const key of EXCHANGE_SETTING_KEYS) names.add(key);
  return [...names].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name)).sort();
}

/** Every environment class under apps/ and tools/, imported, with its settings. */
export async function environmentSettings(root: string): Promise<EnvironmentSettings[]> {
  const files = [...environmentFiles(root, 'apps'), ...environmentFiles(root, 'tools')].sort();
  const found: EnvironmentSettings[] = [];
  for (const file of files) {
    const exported = (await import(join(root, file))) as Record<string, unknown>;
    for (const [className, value] of Object.entries(exported)) {
      if (typeof value !== 'function') continue;
      const settings = settingsOf(value as Constructor);
      if (settings.length > 0) found.push({ file: relative(root, join(root, file)), className, settings });
    }
  }
  return found;
}
