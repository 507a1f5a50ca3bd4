import { HaltCalendar } from './halts';
import { SyntheticMarket } from './synthetic-market';
import { plainVenue, QuietMinutes, withPremium } from './venue-profile';

const BASE = 9_700_000;
const FIRST_MINUTE = 29_000_000;

describe('venue profiles', () => {
  it('moves a price by basis points on the tick', () => {
    expect(withPremium(9_700_000, 4)).toBe(9_703_880);
    expect(withPremium(9_700_000, -3)).toBe(9_697_090);
    expect(withPremium(9_700_000, 0)).toBe(9_700_000);
  });

  it('leaves Binance as it was and gives a thin venue quiet minutes with no bar', () => {
    const plain = new SyntheticMarket(1, BASE, new HaltCalendar([]));
    const same = new SyntheticMarket(1, BASE, new HaltCalendar([]), plainVenue(1));
    expect(same.rangeBars(FIRST_MINUTE, 1, 60)).toEqual(plain.rangeBars(FIRST_MINUTE, 1, 60));
    const thin = { venueSeed: 7, premiumBps: -3, quietPerMille: 125, tradesDivisor: 40, volumeDivisor: 20 };
    const quiet = new QuietMinutes(thin);
    const market = new SyntheticMarket(1, BASE, new HaltCalendar([]), thin);
    const bars = market.rangeBars(FIRST_MINUTE, 1, 400);
    const empty = bars.flatMap((bar, index) => (bar ? [] : [FIRST_MINUTE + index]));
    expect(empty.length).toBeGreaterThan(20);
    expect(empty.every((minute) => quiet.has(minute))).toBe(true);
    expect(market.closeAt(FIRST_MINUTE)).toBe(withPremium(plain.closeAt(FIRST_MINUTE), -3));
  });
});
