import { LiveWalk } from './live-walk';
import { PriceSkew } from './price-skew';
import { SyntheticWalk } from './synthetic-walk';
import { type PrintSettings, VenuePrints } from './venue-prints';

const BASE = 9_700_000;
const START = Date.parse('2026-11-29T01:00:00.000Z');
const QUIET: PrintSettings = {
  venueSeed: 1,
  premiumBps: 0,
  noiseBps: 0,
  lagMs: 0,
  glitchEverySeconds: 0,
  glitchBps: 150,
};

const market = new LiveWalk(1, new SyntheticWalk(1, BASE), BASE);
/** One trade every 250 ms for ten minutes. */
const TIMES = Array.from({ length: 2400 }, (_, index) => START + index * 250);

function printed(settings: Partial<PrintSettings>, skew = new PriceSkew()): number[] {
  const prints = new VenuePrints(market, { ...QUIET, ...settings }, skew);
  return TIMES.map((time) => prints.priceAt(time));
}

/** Basis points of each price against the market's at the same moment. */
function offsets(prices: number[]): number[] {
  return prices.map((price, index) => (price / market.priceAt(TIMES[index] ?? 0) - 1) * 10_000);
}

describe('VenuePrints', () => {
  it('prints the market itself without noise, lag, glitch or skew', () => {
    expect(printed({})).toEqual(TIMES.map((time) => market.priceAt(time)));
  });

  it('wanders within the noise band, each venue its own way', () => {
    const first = offsets(printed({ noiseBps: 5, venueSeed: 1 }));
    const second = offsets(printed({ noiseBps: 5, venueSeed: 2 }));
    for (const bps of [...first, ...second]) expect(Math.abs(bps)).toBeLessThanOrEqual(5.01);
    expect(Math.max(...first)).toBeGreaterThan(2);
    expect(first).not.toEqual(second);
  });

  it('follows the market lagMs late', () => {
    expect(printed({ lagMs: 800 })).toEqual(TIMES.map((time) => market.priceAt(time - 800)));
  });

  it('glitches single prints glitchBps away, the next print right again', () => {
    const glitches = offsets(printed({ glitchEverySeconds: 30 }))
      .map((bps, index) => ({ bps, index }))
      .filter(({ bps }) => Math.abs(bps) > 100);
    expect(glitches.length).toBeGreaterThan(2);
    expect(glitches.length).toBeLessThan(60);
    for (const { bps, index } of glitches) {
      expect(Math.abs(bps)).toBeCloseTo(150, 0);
      expect(glitches.some((glitch) => glitch.index === index + 1)).toBe(false);
    }
  });

  it('prints at the skew in force, back in line at 0', () => {
    const skew = new PriceSkew();
    skew.set(1500);
    for (const bps of offsets(printed({}, skew))) expect(bps).toBeCloseTo(1500, 0);
    skew.set(0);
    expect(printed({}, skew)).toEqual(printed({}));
  });
});
