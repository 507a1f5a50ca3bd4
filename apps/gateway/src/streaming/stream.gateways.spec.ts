import { CurrentKlineGateway, CurrentPriceGateway, KlinesGateway } from './stream.gateways';

describe('stream gateways', () => {
  it.each([CurrentPriceGateway, KlinesGateway, CurrentKlineGateway])(
    '%p should not handle Nest’s disconnect event, which GatewayWsAdapter does not bind',
    (gateway) => {
      expect('handleDisconnect' in gateway.prototype).toBe(false);
    },
  );
});
