import { BinanceAdapter } from './binance/binance-adapter';
import { BinanceUsAdapter } from './binance-us/binance-us-adapter';
import { createAdapterForEndpoint, createExchangeAdapter } from './exchange-factory';
import { EXCHANGE_NAMES } from './exchange-name';
import { KrakenAdapter } from './kraken/kraken-adapter';
import { readExchangeSettings } from './settings/exchange-settings';

describe('createExchangeAdapter', () => {
  it('builds the adapter of every exchange, named as in the settings', () => {
    expect(EXCHANGE_NAMES.map((name) => createExchangeAdapter(name).name)).toEqual([...EXCHANGE_NAMES]);
    expect(createExchangeAdapter('binance')).toBeInstanceOf(BinanceAdapter);
    expect(createExchangeAdapter('binance-us')).toBeInstanceOf(BinanceUsAdapter);
    expect(createExchangeAdapter('kraken')).toBeInstanceOf(KrakenAdapter);
  });

  it('builds the configured primary and standbys from the settings', () => {
    const { primary, standbys } = readExchangeSettings({
      EXCHANGE: 'binance-us',
      EXCHANGE_STANDBYS: 'kraken',
    });
    expect([primary, ...standbys].map((endpoint) => createAdapterForEndpoint(endpoint).name)).toEqual([
      'binance-us',
      'kraken',
    ]);
  });
});
