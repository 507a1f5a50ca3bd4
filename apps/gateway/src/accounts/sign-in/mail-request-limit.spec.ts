import type { RedisKeys, FixedWindowCounter } from '@pds/redis';
import { type GatewayEnvironment } from '../../gateway.environment';
import { StorageUnavailableError } from '../../errors/storage-unavailable.error';
import { MailRequestLimit } from './mail-request-limit';

function limitWith(counter: Pick<FixedWindowCounter, 'increment'>): MailRequestLimit {
  const keys = { rateLimit: (id: string, bucket: string) => `${bucket}:${id}` } as unknown as RedisKeys;
  const env = { ACCOUNT_MAIL_REQUESTS_PER_HOUR: 5 } as GatewayEnvironment;
  return new MailRequestLimit(counter as FixedWindowCounter, keys, env);
}

describe('MailRequestLimit', () => {
  it('should let a request through while the address is under its hourly limit', async () => {
    const limit = limitWith({ increment: () => Promise.resolve({ hits: 5, msLeft: 1000 }) });
    await expect(limit.count('203.0.113.7')).resolves.toBeUndefined();
  });

  it('should call a Redis that does not answer storage unavailable (a 503), not a bug', async () => {
    const limit = limitWith({ increment: () => Promise.reject(new Error('Command timed out')) });
    await expect(limit.count('203.0.113.7')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
