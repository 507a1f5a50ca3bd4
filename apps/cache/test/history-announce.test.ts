import { RedisKeys, RedisScripts } from '@pds/redis';
import { fixtureKline, testRedis } from '@pds/testing';
import { KlineStore } from '../src/history/kline-store';
import { HistoryStore, SYMBOL } from './support/history-stack';

describe('cache: rewritten history is announced on the history channel', () => {
  const store = new HistoryStore('cache-history-announce');
  const connection = testRedis().connect('test-kline-store');
  const subscriber = testRedis().connect('test-history-subscriber');
  const klines = new KlineStore(new RedisScripts(connection), new RedisKeys(store.prefix));
  const heard: string[] = [];

  beforeAll(async () => {
    subscriber.on('message', (_channel: string, message: string) => heard.push(message));
    await subscriber.subscribe(store.keys.historyChannel(SYMBOL));
  });

  afterAll(async () => {
    await Promise.all([subscriber.quit(), connection.quit()]);
    await store.close();
  });

  /** Saves, then waits for a marker published after it: every announcement of the save came first. */
  const saveAndListen = async (isClosed: boolean): Promise<string[]> => {
    heard.length = 0;
    await klines.save(SYMBOL, '5m', [fixtureKline(3, isClosed, '5m')], undefined);
    const marker = new Promise<void>((resolve) => {
      const listener = (_channel: string, message: string): void => {
        if (message !== 'marker') return;
        subscriber.off('message', listener);
        resolve();
      };
      subscriber.on('message', listener);
    });
    await store.redis.publish(store.keys.historyChannel(SYMBOL), 'marker');
    await marker;
    return heard.filter((message) => message !== 'marker');
  };

  it('should publish the interval once when a save writes klines', async () => {
    expect(await saveAndListen(true)).toEqual(['5m']);
  });

  it('should publish nothing when the save leaves the stored klines as they were', async () => {
    expect(await saveAndListen(true)).toEqual([]);
    expect(await saveAndListen(false)).toEqual([]);
  });
});
