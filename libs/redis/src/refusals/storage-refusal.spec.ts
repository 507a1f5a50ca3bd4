import { ReplyError } from 'ioredis';
import { isStorageUnavailable, storageRefusalOf } from './storage-refusal';

// ioredis exports ReplyError untyped.
const RedisReplyError = ReplyError as new (message: string) => Error;

function reply(message: string): Error {
  return new RedisReplyError(message);
}

function execAbort(...previous: Error[]): Error {
  const error = reply('EXECABORT Transaction discarded because of previous errors.');
  Reflect.set(error, 'previousErrors', previous);
  return error;
}

describe('storageRefusalOf', () => {
  it.each([
    ['OOM', "OOM command not allowed when used memory > 'maxmemory'."],
    ['READONLY', "READONLY You can't write against a read only replica."],
    ['LOADING', 'LOADING Redis is loading the dataset in memory'],
    ['MASTERDOWN', 'MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to no.'],
    ['CLUSTERDOWN', 'CLUSTERDOWN The cluster is down'],
    ['TRYAGAIN', 'TRYAGAIN Multiple keys request during rehashing of slot'],
    ['BUSY', 'BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.'],
    ['NOREPLICAS', 'NOREPLICAS Not enough good replicas to write.'],
  ])('should call the %s reply storage unavailable, naming it', (code, message) => {
    const refusal = storageRefusalOf(reply(message));
    expect(refusal?.code).toBe(code);
    expect(refusal?.cause).toMatch(/Redis/);
  });

  it('should call an EXECABORT caused by OOM storage unavailable, naming the OOM', () => {
    const refusal = storageRefusalOf(
      execAbort(reply("OOM command not allowed when used memory > 'maxmemory'.")),
    );
    expect(refusal).toEqual({ code: 'OOM', cause: 'Redis is full (maxmemory reached)' });
  });

  it('should call an EXECABORT caused by a wrong command a bug', () => {
    expect(
      storageRefusalOf(execAbort(reply("ERR wrong number of arguments for 'hset' command"))),
    ).toBeUndefined();
    expect(storageRefusalOf(execAbort())).toBeUndefined();
  });

  it.each([
    "ERR wrong number of arguments for 'get' command",
    'WRONGTYPE Operation against a key holding the wrong kind of value',
    'NOSCRIPT No matching script. Please use EVAL.',
    'ERR Error running script, user_script:3: attempt to compare nil with number',
  ])('should call the reply %j a bug', (message) => {
    expect(isStorageUnavailable(reply(message))).toBe(false);
  });

  it('should call a timeout or a closed connection storage unavailable', () => {
    expect(storageRefusalOf(new Error('Command timed out'))).toEqual({
      code: 'unreachable',
      cause: 'Redis did not answer (Command timed out)',
    });
    expect(isStorageUnavailable(new Error('Connection is closed.'))).toBe(true);
  });
});
