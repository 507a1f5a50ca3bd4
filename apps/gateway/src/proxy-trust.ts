import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Which peers may tell the client's address and scheme (X-Forwarded-For / -Proto), as Fastify takes it. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The setting that decides it: the proxies, by address or CIDR. */
export interface ProxyTrustSettings {
  readonly TRUSTED_PROXIES: readonly string[];
}

/**
 * Only the listed proxies (addresses, CIDRs, or `loopback`/`linklocal`/`uniquelocal`); no peer when
 * none are listed. The client is then the rightmost X-Forwarded-For address that is not a listed
 * proxy: what a client writes itself sits left of it, so it cannot choose its address.
 */
export function proxyTrust(settings: ProxyTrustSettings): ProxyTrust {
  return proxyAddr.compile([...settings.TRUSTED_PROXIES]);
}

/**
 * The client's address as Fastify's `request.ip` reads it: walking X-Forwarded-For from the socket
 * outwards while each hop is a trusted proxy, so a client cannot name an address of its own choosing.
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust): string {
  const hops = proxyAddr.all(request, trust);
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
