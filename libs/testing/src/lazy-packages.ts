import type Stripe from 'stripe';

// Loaded when a suite first starts what needs them, not by every test file that imports @pds/testing
// (Jest loads a file's modules anew for each test file: these were about a quarter of that cost).

/** Stripe's official client class. */
export async function stripeClass(): Promise<typeof Stripe> {
  return (await import('stripe')).default;
}

/** The SMTP server and the mail parser of the mail sink. */
export async function mailPackages(): Promise<{
  SMTPServer: typeof import('smtp-server').SMTPServer;
  simpleParser: typeof import('mailparser').simpleParser;
}> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  return { SMTPServer, simpleParser };
}
