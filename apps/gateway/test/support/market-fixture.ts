// The known market data set lives in the testing lib, shared with the benchmarks.
export { FIXTURE_START, fixtureKline, type MarketFixture, MINUTE, seedMarket } from '@pds/testing';
