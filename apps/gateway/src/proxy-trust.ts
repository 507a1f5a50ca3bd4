import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Which peers may tell the client's address and scheme (X-Forwarded-For / -Proto), as Fastify takes it. */
export type ProxyTrust = boolean | ((address: string, hop: number) => boolean);

/** The settings that decide it: a list of proxies, or (older and broader) every peer. */
export interface ProxyTrustSettings {
  readonly TRUSTED_PROXIES: readonly string[];
  readonly TRUST_PROXY: boolean;
}

/**
 * Only the listed proxies (addresses, CIDRs, or `loopback`/`linklocal`/`uniquelocal`) when some are
 * listed, every peer when TRUST_PROXY is on, no peer otherwise.
 */
export function proxyTrust(settings: ProxyTrustSettings): ProxyTrust {
  return settings.TRUSTED_PROXIES.length > 0
    ? proxyAddr.compile([...settings.TRUSTED_PROXIES])
    : settings.TRUST_PROXY;
}

/**
 * The client's address as Fastify's `request.ip` reads it: walking X-Forwarded-For from the socket
 * outwards while each hop is a trusted proxy, so a client cannot name an address of its own choosing.
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust): string {
  const hops = proxyAddr.all(request, typeof trust === 'function' ? trust : () => trust);
  return hops[hops.length - 1] ?? 'unknown';
}

/** A comma-separated list that proxy-addr accepts (an empty list trusts no one). */
export function IsProxyList(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isProxyList',
      validator: {
        validate: (value: unknown) => Array.isArray(value) && compiles(value as string[]),
        defaultMessage: () =>
          'TRUSTED_PROXIES must list addresses or CIDRs separated by commas (or loopback, linklocal, uniquelocal)',
      },
    },
    options,
  );
}

function compiles(list: string[]): boolean {
  try {
    proxyAddr.compile(list);
    return true;
  } catch {
    return false;
  }
}
