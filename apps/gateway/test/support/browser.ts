import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

/** The page tests' browser: Debian's chromium, driven by playwright-core. */
const CHROMIUM = '/usr/bin/chromium';

/** The test set-up installs Debian's chromium when it is missing (as root), or says how to. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (sudo apt-get install -y chromium)`);
  }
  const install = (): void => {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
  };
  try {
    install();
  } catch {
    // A fresh machine may not have the package lists yet.
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    install();
  }
}

export function launchChromium(): Promise<Browser> {
  // Playwright starts every launch with a fresh temporary profile (--user-data-dir) of its own.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Collects what would show a broken page: script errors and console errors (a CSP violation, a
 * failed load), minus those `expected` allows; `redact` cuts secrets out before anything is kept.
 */
export function watchConsole(
  page: Page,
  into: string[],
  expected?: RegExp,
  redact: (text: string) => string = (text) => text,
): void {
  page.on('console', (message) => {
    const text = redact(message.text());
    if (message.type() === 'error' && !expected?.test(text)) into.push(text);
  });
  page.on('pageerror', (error) => into.push(redact(error.message)));
}
