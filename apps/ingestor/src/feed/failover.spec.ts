import type { ExchangeAdapter } from '@pds/exchange';
import type { AppLogger } from '@pds/observability';
import type { GapRecorder } from '../gaps/gap-recorder';
import type { LeaseService } from '../leadership/lease.service';
import type { WriteStep } from '../market-state/write-step';
import { MarketSources } from '../sources/market-sources';
import type { LeaderWrites } from '../writer/leader-writes';
import { Failover } from './failover';

const RULES = { returnAfterMs: 60_000, minSwitchGapMs: 60_000 };

function adapter(name: string): ExchangeAdapter {
  return { name } as ExchangeAdapter;
}

function trade(id: number, price: string, time: number) {
  return { id, price, quantity: '1.00', time, eventTime: time };
}

function setUp() {
  const sources = new MarketSources([adapter('binance'), adapter('kraken')], { darkAfterMs: 10_000 }, 0);
  const written: WriteStep[] = [];
  const gaps: { from: number; to: number; reason: string }[] = [];
  const warnings: Record<string, unknown>[] = [];
  const writes = { submit: (step: WriteStep) => written.push(step) } as unknown as LeaderWrites;
  const lease = { isLeader: true } as LeaseService;
  const recorder = {
    record: (from: number, to: number, reason: string) => {
      gaps.push({ from, to, reason });
      return Promise.resolve();
    },
  } as unknown as GapRecorder;
  const logger = { warn: (fields: Record<string, unknown>) => warnings.push(fields) } as unknown as AppLogger;
  const failover = new Failover(sources, RULES, writes, lease, recorder, logger);
  const [binance, kraken] = sources.all;
  if (!binance || !kraken) throw new Error('two sources');
  return { sources, failover, written, gaps, warnings, binance, kraken };
}

describe('Failover', () => {
  it('should write the standby’s price and open klines, and no closed kline, when the primary goes dark', () => {
    const { failover, written, warnings, binance, kraken, sources } = setUp();
    binance.state.onTrade(trade(1, '100.00', 1_000));
    binance.health.message(1_000);
    kraken.state.onTrade(trade(7, '100.50', 2_000));
    kraken.state.onTrade(trade(8, '100.60', 62_000)); // closes Kraken's 1m kline of minute 0
    kraken.health.message(10_500);
    binance.health.disconnected();
    failover.evaluate(11_000);
    expect(sources.active.name).toBe('kraken');
    expect(warnings).toEqual([{ from: 'binance', to: 'kraken', reason: 'source-dark', silentForMs: 10_000 }]);
    const switchStep = written.at(0);
    expect(switchStep?.price?.price).toBe('100.60');
    expect(switchStep?.klines.every((write) => write.kind === 'open')).toBe(true);
    expect(JSON.parse(switchStep?.status ?? '{}')).toEqual({
      source: 'kraken',
      primary: 'binance',
      exchanges: { binance: 'dark', kraken: 'live' },
    });
  });

  it('should come back to the primary a minute later and have the standby’s span repaired from it', () => {
    const { failover, gaps, sources, binance, kraken } = setUp();
    binance.state.onTrade(trade(1, '100.00', 5_000));
    binance.health.message(5_000);
    kraken.state.onTrade(trade(7, '100.50', 6_000));
    for (let t = 0; t <= 200_000; t += 1_000) kraken.health.message(t);
    binance.health.disconnected();
    failover.evaluate(11_000);
    expect(sources.active.name).toBe('kraken');
    for (let t = 80_000; t <= 140_000; t += 1_000) binance.health.message(t);
    binance.state.onTrade(trade(2, '101.00', 140_000));
    failover.evaluate(139_000);
    expect(sources.active.name).toBe('kraken');
    failover.evaluate(140_000);
    expect(sources.active.name).toBe('binance');
    expect(gaps).toEqual([{ from: 5_000, to: 140_000, reason: 'standby-served' }]);
  });

  it('should write the status once when it changes, and not again', () => {
    const { failover, written, binance } = setUp();
    binance.state.onTrade(trade(1, '100.00', 1_000));
    binance.health.message(1_000);
    failover.evaluate(1_000);
    failover.evaluate(2_000);
    expect(written.map((step) => step.status)).toEqual([
      '{"source":"binance","primary":"binance","exchanges":{"binance":"live","kraken":"dark"}}',
    ]);
  });
});
