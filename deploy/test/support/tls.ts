import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect as tlsConnect, type SecureVersion } from 'node:tls';
import { promisify } from 'node:util';

const SELF_SIGNED_SCRIPT = resolve(__dirname, '../../tls/self-signed.sh');

export interface SelfSigned {
  /** Holds fullchain.pem and privkey.pem, as the compose file's TLS_DIR does. */
  readonly folder: string;
  /** The certificate, for clients to trust. */
  readonly ca: Buffer;
  remove(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made by the script the README gives (openssl). */
export async function selfSignedCertificate(): Promise<SelfSigned> {
  const folder = await mkdtemp(join(tmpdir(), 'pds-tls-'));
  await promisify(execFile)('bash', [SELF_SIGNED_SCRIPT, folder]);
  const ca = await readFile(join(folder, 'fullchain.pem'));
  return { folder, ca, remove: () => rm(folder, { recursive: true, force: true }) };
}

export interface HttpsAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/**
 * A GET over HTTPS that trusts `ca` only (Node's fetch takes no CA of its own), from `localAddress`
 * (a loopback address) when given.
 */
export function httpsGetJson(
  url: string,
  ca: Buffer,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<HttpsAnswer> {
  return new Promise((resolvePromise, reject) => {
    get(url, { ca, headers, ...(localAddress === undefined ? {} : { localAddress }) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
      });
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolvePromise({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text ? (JSON.parse(text) as unknown) : undefined,
        });
      });
    }).on('error', reject);
  });
}

/**
 * A TLS handshake at exactly `version`, offering every cipher the client has (security level 0, so
 * that the client itself does not refuse to speak an old version): resolves with the version agreed,
 * rejects with the error the handshake ended in.
 */
export function handshake(port: number, ca: Buffer, version: SecureVersion): Promise<string | null> {
  return new Promise((resolvePromise, reject) => {
    const socket = tlsConnect({
      host: '127.0.0.1',
      port,
      ca,
      minVersion: version,
      maxVersion: version,
      ciphers: 'ALL:@SECLEVEL=0',
    });
    socket.once('secureConnect', () => {
      resolvePromise(socket.getProtocol());
      socket.end();
    });
    socket.once('error', (error: Error) => {
      socket.destroy();
      reject(error);
    });
  });
}
